import { FORUM_TEXT, LIMITS, type Post, type PostsQuery } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { assertNotMuted } from '../auth/guards.ts';
import { insertWithId } from '../db/ids.ts';
import { badRequest } from '../errors.ts';
import type { Viewer } from '../threads/policy.ts';
import { readableThread } from '../threads/service.ts';
import type { UserRecord } from '../users/user-model.ts';
import type { PostRecord } from './post-model.ts';
import { presentPosts } from './presenter.ts';

/** Replies oldest first, for a viewer who may read the thread (404 private, 402 premium without access). */
export async function listReplies(
  app: FastifyInstance,
  viewer: Viewer,
  threadId: number,
  query: PostsQuery,
): Promise<Post[]> {
  const { thread } = await readableThread(app, viewer, threadId);
  const posts = await app.models.Post.find({
    threadId: thread.id,
    ...(query.after ? { id: { $gt: query.after } } : {}),
  })
    .sort({ id: 1 })
    .limit(query.limit ?? LIMITS.pageSizeMax)
    .lean<PostRecord[]>();
  return presentPosts(app, posts);
}

/** A reply by a member who may read the thread and is not muted; pushed to the thread's watchers. */
export async function reply(
  app: FastifyInstance,
  author: UserRecord,
  threadId: number,
  content: string,
): Promise<Post> {
  assertNotMuted(author);
  const { thread } = await readableThread(app, author, threadId);
  const text = content.trim();
  if (text.length > LIMITS.replyMax) throw badRequest(FORUM_TEXT.replyMax(LIMITS.replyMax));
  const post = await insertWithId(app.models.Post, {
    threadId: thread.id,
    authorId: author.id,
    content: text,
  } as Omit<PostRecord, 'id'>);
  const [presented] = (await presentPosts(app, [post])) as [Post];
  app.events.publish('post.created', { post: presented });
  return presented;
}
