import { FORUM_TEXT, LIMITS, type Post, type PostsQuery } from '@enclave/protocol';
import { assertNotMuted } from '../auth/guards.ts';
import { badRequest } from '../errors.ts';
import { cook, storedFields } from '../formatting/cook.ts';
import { withReactions } from '../reactions/tally.ts';
import type { ReadingContext } from '../threads/context.ts';
import type { Viewer } from '../threads/policy.ts';
import { readableThread } from '../threads/service.ts';
import type { UserRecord } from '../users/user-model.ts';
import type { ReplyContext } from './context.ts';
import { presentReplies } from './presenter.ts';
import { readReplies, writeReply } from './replies.ts';

/** Replies oldest first, a page by reply number, for a viewer who may read the thread (404 private, 402 premium without access). */
export async function listReplies(
  app: ReadingContext & Omit<ReplyContext, 'events' | 'changes'>,
  viewer: Viewer,
  threadId: number,
  query: PostsQuery,
): Promise<Post[]> {
  const { thread } = await readableThread(app, viewer, threadId, { shown: true });
  const posts = readReplies(app, thread.id, query.after ?? 0, query.limit ?? LIMITS.pageSizeMax);
  // The page's reactions are one list's (the thread's), read while the replies are read and presented.
  return withReactions(
    app,
    viewer?.id ?? null,
    'post',
    posts.then((page) => presentReplies(app, page)),
    { threadId: thread.id },
  );
}

/** A reply by a member who may read the thread and is not muted; pushed to the thread's watchers. */
export async function reply(
  app: ReadingContext & ReplyContext,
  author: UserRecord,
  threadId: number,
  content: string,
): Promise<Post> {
  assertNotMuted(author);
  // Decided on the forum index, like the thread page: no read of the thread.
  const { thread } = await readableThread(app, author, threadId, { shown: true });
  const text = content.trim();
  if (text.length > LIMITS.replyMax) throw badRequest(FORUM_TEXT.replyMax(LIMITS.replyMax));
  const cooked = await cook(text, app.members);
  const post = await writeReply(app, {
    threadId: thread.id,
    authorId: author.id,
    content: text,
    ...storedFields(text, cooked),
  });
  const [presented] = (await presentReplies(app, [post])) as [Post];
  app.events.publish('reply.created', { post: presented, mentions: cooked.mentions });
  return presented;
}
