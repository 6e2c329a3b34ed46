import {
  MESSAGE_TEXT,
  REACTION_LIMITS,
  REPORT_TEXT,
  type ReactionKind,
  type ReactionParams,
  type ReactionSummary,
  type Reactors,
  type ReactorsQuery,
} from '@enclave/protocol';
import { assertNotMuted } from '../auth/guards.ts';
import { AppError, forbidden, notFound } from '../errors.ts';
import { blockBetween } from '../private-messages/blocks.ts';
import { findMessage } from '../private-messages/boxes.ts';
import type { DomainEvents } from '../realtime/domain-events.ts';
import { replyById } from '../replies/replies.ts';
import { append, type StorageContext } from '../storage/index.ts';
import type { ReadingContext } from '../threads/context.ts';
import type { Viewer } from '../threads/policy.ts';
import { readableThread } from '../threads/service.ts';
import type { MemberDirectory } from '../users/member-directory.ts';
import { pictureUrl } from '../users/presenter.ts';
import type { UserRecord } from '../users/user-model.ts';
import { reactionModels } from './models.ts';
import { noteReacted } from './reacted-messages.ts';
import { foldOf, hasReacted, listOf, reactorsIn, summaryIn, type TargetRef } from './tally.ts';

export interface ReactionContext extends StorageContext, ReadingContext {
  events: Pick<DomainEvents, 'publish'>;
  members: ReadingContext['members'] & Pick<MemberDirectory, 'cards'>;
}

/** A target the viewer may read, with the list its reactions are on and, for a message, its two members. */
interface Reachable extends TargetRef {
  list: string;
  /** A message's sender and recipient: the only members who may react to it or see who did. */
  memberIds: number[] | null;
}

/**
 * The target if the viewer may read it, by the same gates as reading it: a thread or a reply through the thread's
 * read gate (404 for a private or pending thread, 402 for premium without access), a message only for its sender and
 * recipient (404 to anyone else, as its read route answers). A removed reply or message is a 404.
 */
async function reachable(app: ReactionContext, viewer: Viewer, { target, id }: ReactionParams): Promise<Reachable> {
  if (target === 'thread') {
    const { thread } = await readableThread(app, viewer, id, { shown: true });
    return { target, id, threadId: thread.id, list: listOf({ target, id }), memberIds: null };
  }
  if (target === 'post') {
    const post = await replyById(app, id);
    if (!post || post.removedAt) throw notFound(REPORT_TEXT.postNotFound);
    // A reply in a thread the viewer may not see is no reply to them: the same 404 as one that never was.
    await readableThread(app, viewer, post.threadId, { shown: true }).catch((error: unknown) => {
      throw error instanceof AppError && error.statusCode === 404 ? notFound(REPORT_TEXT.postNotFound) : error;
    });
    return {
      target,
      id,
      threadId: post.threadId,
      list: listOf({ target, id, threadId: post.threadId }),
      memberIds: null,
    };
  }
  const message = await findMessage(app, id);
  const memberIds = message ? [message.senderId, message.recipientId] : [];
  if (!message || viewer === null || !memberIds.includes(viewer.id)) throw notFound(MESSAGE_TEXT.messageNotFound);
  return { target, id, list: listOf({ target, id }), memberIds };
}

/**
 * Changes under way in this process, by what they change: the same member asking the same change again before the
 * first is written (a double click, ten tabs) waits for the first rather than writing a second change.
 */
const underWay = new WeakMap<object, Map<string, Promise<number | null>>>();

function underWayIn(app: StorageContext): Map<string, Promise<number | null>> {
  let held = underWay.get(app.mongo);
  if (!held) {
    held = new Map();
    underWay.set(app.mongo, held);
  }
  return held;
}

/**
 * Adds (`on`) or removes the viewer's reaction, idempotently: nothing is written when the fold, read up to the list's
 * head, already says so. Answers the target's summary for the viewer after it. A change is told (`reaction.changed`)
 * with the counts folded up to it and its number in the list, which orders a target's changes.
 */
export async function setReaction(
  app: ReactionContext,
  viewer: UserRecord,
  params: ReactionParams,
  on: boolean,
): Promise<ReactionSummary> {
  assertNotMuted(viewer);
  const where = await reachable(app, viewer, params);
  const { target, id, kind } = params;
  // A reaction reaches the other member as a message would: a block between them refuses it (taking one back is not).
  const other = where.memberIds?.find((memberId) => memberId !== viewer.id);
  const blocked = on && other !== undefined ? await blockBetween(app, viewer, other) : null;
  if (blocked) throw forbidden(blocked);
  const key = `${where.list}|${target}:${id}|${viewer.id}|${kind}|${on}`;
  const running = underWayIn(app);
  let change = running.get(key);
  if (!change) {
    change = writeChange(app, viewer.id, where, kind, on).finally(() => running.delete(key));
    running.set(key, change);
  }
  const written = await change;
  const fold = await foldOf(app, where.list, written ?? 0);
  return summaryIn(fold, target, id, viewer.id);
}

/** Appends the change unless the fold says it is so already; answers its number in the list, or null. */
async function writeChange(
  app: ReactionContext,
  memberId: number,
  where: Reachable,
  kind: ReactionKind,
  on: boolean,
): Promise<number | null> {
  const before = await foldOf(app, where.list);
  if (hasReacted(before, where.target, where.id, kind, memberId) === on) return null;
  // Named in both members' lists before its first change: a crash between leaves a name with nothing to fold.
  if (before.upTo === 0 && where.target === 'message') await noteReacted(app, where.id, where.memberIds ?? []);
  const change = await append(app, reactionModels(app).ReactionChange, where.list, () => ({
    target: where.target,
    targetId: where.id,
    memberId,
    kind,
    on,
    at: new Date(),
  }));
  const after = await foldOf(app, where.list, change.n);
  app.events.publish('reaction.changed', {
    target: where.target,
    id: where.id,
    threadId: where.target === 'message' ? null : (where.threadId ?? null),
    counts: summaryIn(after, where.target, where.id, null).counts,
    version: change.n,
    memberIds: where.memberIds ?? [],
  });
  return change.n;
}

/**
 * Who reacted with one kind, oldest first, a page at a time: named members, and those who hid their profile (or
 * whose account is gone) counted. Asked of a target the viewer may read (a message: its two members only).
 */
export async function reactors(
  app: ReactionContext,
  viewer: Viewer,
  params: ReactionParams,
  query: ReactorsQuery,
): Promise<Reactors> {
  const where = await reachable(app, viewer, params);
  const all = reactorsIn(await foldOf(app, where.list), params.target, params.id, params.kind);
  const after = query.after ?? 0;
  const limit = query.limit ?? REACTION_LIMITS.whoPageMax;
  const page = all.slice(after, after + limit);
  const cards = await app.members.cards(page);
  const members: Reactors['members'] = [];
  let hidden = 0;
  for (const memberId of page) {
    const card = cards.get(memberId);
    // The two members of a message know each other: a hidden profile hides nothing there.
    const shown = card && !card.deletedAt && (where.memberIds !== null || !card.privacy?.hideProfile);
    if (shown) members.push({ id: card.id, username: card.username, profilePicture: pictureUrl(card) });
    else hidden += 1;
  }
  const next = after + page.length;
  return { members, hidden, total: all.length, nextCursor: next < all.length ? next : null };
}
