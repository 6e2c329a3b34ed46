import { LIMITS, type Post } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { blockBetween } from '../private-messages/blocks.ts';
import { append, headOf, readById } from '../storage/index.ts';
import { refusalFor } from '../threads/realtime.ts';
import { findThread } from '../threads/service.ts';
import type { ThreadRecord } from '../threads/thread-model.ts';
import type { UserRecord } from '../users/user-model.ts';
import { notificationModels } from './models.ts';
import { deliveryMarker, type Happening, notify } from './service.ts';

/**
 * How many members one author's mentions may tell in a minute, across all their texts: three texts' worth. With the
 * cap per text, 50 replies each mentioning 10 members tell 30 members a minute, not 500.
 */
export const MENTIONS_TOLD_PER_MINUTE = 3 * LIMITS.mentionsPerText;

const MINUTE_MS = 60 * 1000;

/** A text of a thread (its content, or one of its replies) and the members it mentions, as stored. */
interface MentioningText {
  thread: ThreadRecord;
  /** Who wrote it: the one named in the notification, never told of their own mention. */
  authorId: number;
  mentions: readonly number[];
  /** A reply's number in its thread; none for the thread's own content. */
  replyNumber?: number;
}

/** The members a new reply mentions who may read it (`tellMentioned`). */
export async function tellMentionedInReply(
  app: FastifyInstance,
  reply: Pick<Post, 'threadId' | 'authorId' | 'number'>,
  mentions: readonly number[],
): Promise<void> {
  if (mentions.length === 0) return;
  const thread = await findThread(app, reply.threadId).catch(() => null);
  if (thread) await tellMentioned(app, { thread, authorId: reply.authorId, mentions, replyNumber: reply.number });
}

/**
 * The members a thread's content mentions who may read it now: when it is created approved, approved, or edited.
 * Each is told once per thread (`keyOf`), so an edit tells only those it newly mentions, or who may read it now and
 * could not before.
 */
export async function tellMentionedInThread(app: FastifyInstance, threadId: number): Promise<void> {
  const thread = await findThread(app, threadId).catch(() => null);
  if (thread?.mentions?.length)
    await tellMentioned(app, { thread, authorId: thread.authorId, mentions: thread.mentions });
}

/** Names the text: a member is told of a reply's mention once, and of a thread's once however often it is edited. */
const keyOf = (text: MentioningText) =>
  text.replyNumber === undefined
    ? `mention:thread:${text.thread.id}`
    : `mention:reply:${text.thread.id}:${text.replyNumber}`;

/**
 * Tells the members a text mentions, if they may read it now: the thread is approved (a pending thread's text tells
 * no one until its approval), and the thread's read gate (`refusalFor`, which the thread page and its room use)
 * lets them read its content: a private thread only those it names, a premium thread (content and replies) only
 * those with access. Never the author, a member a block stands between, a banned or deleted member, nor anyone past
 * the first `LIMITS.mentionsPerText` of a text or the author's `MENTIONS_TOLD_PER_MINUTE`. `notify` then applies the
 * member's preferences and tells each once.
 */
async function tellMentioned(app: FastifyInstance, text: MentioningText): Promise<void> {
  const mentioned = [...new Set(text.mentions)].filter((id) => id !== text.authorId).slice(0, LIMITS.mentionsPerText);
  if (mentioned.length === 0 || !text.thread.isApproved) return;
  const author = await app.members.member(text.authorId);
  if (!author || author.deletedAt) return;
  const happening: Happening = {
    key: keyOf(text),
    kind: 'mention',
    threadId: text.thread.id,
    actorId: author.id,
    ...(text.replyNumber === undefined ? {} : { replyNumber: text.replyNumber }),
  };
  const allowed = await Promise.all(mentioned.map((id) => mayBeTold(app, author, id, happening)));
  const readers = mentioned.filter((_, i) => allowed[i]);
  await notify(app, await withinAllowance(app, author.id, readers), happening);
}

async function mayBeTold(
  app: FastifyInstance,
  author: UserRecord,
  memberId: number,
  happening: Happening,
): Promise<boolean> {
  const member = await app.members.member(memberId);
  if (!member || member.deletedAt || member.isBanned) return false;
  const [told, refusal, block] = await Promise.all([
    readById(notificationModels(app).NotificationMarker, deliveryMarker(memberId, happening)),
    refusalFor(app, memberId, happening.threadId as number),
    blockBetween(app, author, memberId),
  ]);
  // Told already (an edit that keeps a mention): no place of the allowance is spent on them.
  return told === null && refusal === null && block === null;
}

class AllowanceSpent extends Error {}

/**
 * The members among `memberIds` the author's allowance still covers this minute. Each told member takes the next
 * place of the keyed list `mentions-told:{author}:{minute}`, whose unique places make the count right across
 * processes and concurrent texts (an `$inc` would not be on FerretDB); past the last place the append is refused.
 */
async function withinAllowance(app: FastifyInstance, authorId: number, memberIds: number[]): Promise<number[]> {
  const model = notificationModels(app).NotificationMember;
  const list = `mentions-told:${authorId}:${Math.floor(Date.now() / MINUTE_MS)}`;
  if (memberIds.length === 0 || (await headOf(app, model, list)) >= MENTIONS_TOLD_PER_MINUTE) return [];
  const covered: number[] = [];
  for (const memberId of memberIds) {
    try {
      await append(app, model, list, (n) => {
        if (n > MENTIONS_TOLD_PER_MINUTE) throw new AllowanceSpent();
        return { memberId };
      });
    } catch (error) {
      if (error instanceof AllowanceSpent) break;
      throw error;
    }
    covered.push(memberId);
  }
  return covered;
}
