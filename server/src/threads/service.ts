import {
  type CreateThreadBody,
  ErrorCode,
  FORUM_TEXT,
  LIMITS,
  type PremiumRequiredDetails,
  SERVER_TEXT,
  THREAD_DEFAULTS,
  type Thread,
  type ThreadsQuery,
  VALIDATION,
} from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { assertNotMuted } from '../auth/guards.ts';
import { AppError, badRequest, notFound } from '../errors.ts';
import { cook, storedFields } from '../formatting/cook.ts';
import { markOpen } from '../group-buys/escrow.ts';
import { reactionSummary } from '../reactions/tally.ts';
import { type Database, findAllByNumericId, findByNumericId, insertWithId, internalId } from '../storage/index.ts';
import { abilitiesOf } from '../users/abilities.ts';
import { isStaff } from '../users/standing.ts';
import type { UserRecord } from '../users/user-model.ts';
import { holdingsOf } from './access.ts';
import type { ReadingContext, ThreadContext, WritingContext } from './context.ts';
import type { SearchScope } from './forum-index.ts';
import { threadModels } from './models.ts';
import { canReadContent, canSee, type Holdings, threadAbilities, type Viewer } from './policy.ts';
import { presentListed, presentThread } from './presenter.ts';
import {
  allowedUsers,
  assertAmounts,
  assertCategory,
  assertLengths,
  groupBuyContentOf,
  newlySharedWith,
  normalizeTags,
} from './rules.ts';
import type { ThreadRecord } from './thread-model.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function findThread(app: Database, id: number): Promise<ThreadRecord> {
  const thread = await findByNumericId(threadModels(app).Thread, id);
  if (!thread || thread.deletedAt) throw notFound(SERVER_TEXT.threadNotFound);
  return thread;
}

function seenBy<T extends ThreadRecord>(viewer: Viewer, thread: T | undefined): T {
  if (!thread || !canSee(viewer, thread)) throw notFound(SERVER_TEXT.threadNotFound);
  return thread;
}

/** The thread if it exists for the viewer; a private or pending thread is a 404 to everyone else. */
export async function visibleThread(app: Database, viewer: Viewer, id: number): Promise<ThreadRecord> {
  return seenBy(viewer, await findThread(app, id));
}

/** The threads among `ids` that exist for the viewer (an invite to one names no hidden thread), read by key. */
export async function visibleThreads(app: Database, viewer: Viewer, ids: number[]): Promise<ThreadRecord[]> {
  const threads = await findAllByNumericId(threadModels(app).Thread, [...new Set(ids)]);
  return threads.filter((thread) => !thread.deletedAt && canSee(viewer, thread));
}

/**
 * For pages that only read: the thread as the forum index knows it, which every write to a thread updates before
 * its call answers (other processes within milliseconds): its record kept with the lists', or read by key. A thread
 * this process has not heard of yet (written elsewhere a moment ago) is read by key. Writes decide on the document.
 */
async function shownThread(
  app: Pick<ThreadContext, 'mongo' | 'forum'>,
  viewer: Viewer,
  id: number,
): Promise<ThreadRecord> {
  return seenBy(viewer, (await app.forum.thread(id)) ?? (await findThread(app, id)));
}

async function premiumRequired(app: Pick<ThreadContext, 'members'>, thread: ThreadRecord): Promise<AppError> {
  const author = (await app.members.cards([thread.authorId])).get(thread.authorId);
  const details: PremiumRequiredDetails = {
    threadId: thread.id,
    title: thread.title,
    premiumCost: thread.premiumCost ?? 0,
    authorName: author && !author.deletedAt ? author.username : null,
  };
  return new AppError(402, ErrorCode.PremiumRequired, SERVER_TEXT.premiumRequired, details);
}

/** The thread and what the viewer holds, if the viewer may read its content; a premium thread answers 402. */
export async function readableThread(
  app: ReadingContext,
  viewer: Viewer,
  id: number,
  { shown = false }: { shown?: boolean } = {},
): Promise<{ thread: ThreadRecord; holdings: Holdings }> {
  const thread = shown ? await shownThread(app, viewer, id) : await visibleThread(app, viewer, id);
  return { thread, holdings: await holdingsToRead(app, viewer, thread) };
}

/** What the viewer holds of a thread they may read; a premium thread without access answers 402. */
async function holdingsToRead(
  app: Pick<ThreadContext, 'mongo' | 'holdings' | 'members'>,
  viewer: Viewer,
  thread: ThreadRecord,
): Promise<Holdings> {
  const holdings = await holdingsOf(app, viewer, [thread]);
  if (!canReadContent(viewer, thread, holdings)) throw await premiumRequired(app, thread);
  return holdings;
}

/**
 * A premium thread answers 402 to a viewer without access, except a premium group buy: it must show
 * itself (progress, the contribute button) to the members it asks to pay. Its content stays empty,
 * and its replies still answer 402, until the viewer holds a place in the completed buy.
 */
export async function getThread(app: FastifyInstance, viewer: UserRecord | null, id: number): Promise<Thread> {
  const thread = await shownThread(app, viewer, id);
  const holdings = thread.isGroupBuy ? undefined : await holdingsToRead(app, viewer, thread);
  const abilities = viewer && abilitiesOf(viewer, { requireVerifiedEmail: app.config.REQUIRE_EMAIL_VERIFICATION });
  // The thread's reactions share one list with its replies': read beside the presentation.
  const [presented, reactions] = await Promise.all([
    presentThread(app, viewer, thread, 'detail', { holdings }),
    reactionSummary(app, viewer?.id ?? null, { target: 'thread', id: thread.id }),
  ]);
  return { ...presented, reactions, abilities: threadAbilities(abilities) };
}

type Sharing = Pick<ThreadRecord, 'id' | 'title' | 'isPrivate' | 'isApproved' | 'allowedUserIds'>;

/** Tells the members a private thread newly opens for (compared with `before`, null for a new thread). */
export function announceShare(app: Pick<ThreadContext, 'events'>, before: Sharing | null, after: Sharing) {
  const userIds = newlySharedWith(before, after);
  if (userIds.length > 0) app.events.publish('thread.shared', { threadId: after.id, title: after.title, userIds });
}

/**
 * Title and tags match for everyone; content only where the read gate lets the viewer read it (the rule of the
 * thread page), so a search never probes text the page would refuse.
 */
function searchScope(
  app: Pick<ThreadContext, 'mongo' | 'holdings'>,
  viewer: Viewer,
  q: string | undefined,
): SearchScope | null {
  const text = q?.trim();
  return text ? { q: text, holdingsOf: (threads) => holdingsOf(app, viewer, threads) } : null;
}

/** GET /api/threads, and the console's thread lists (staff see pending threads and premium sisters too). */
export async function listThreads(
  app: Omit<ThreadContext, 'events' | 'changes'>,
  viewer: Viewer,
  query: ThreadsQuery,
): Promise<Thread[]> {
  const threads = await app.forum.list(viewer, query, searchScope(app, viewer, query.q));
  return presentListed(app, viewer, threads);
}

/**
 * A member's thread starts pending (only they and staff see it); staff threads are approved at once.
 * Unlockable type premium_thread also creates the premium sister thread, linked both ways.
 */
export async function createThread(app: WritingContext, author: UserRecord, body: CreateThreadBody): Promise<Thread> {
  assertNotMuted(author);
  const title = body.title.trim();
  const content = body.content.trim();
  assertLengths(title, content);
  await assertCategory(app, body.categoryId);
  const unlockable = body.hasUnlockableContent === true;
  const unlockableType = unlockable ? (body.unlockableType ?? 'download_link') : null;
  const unlockableContent = unlockable ? body.unlockableContent?.trim() || null : null;
  const sisterContent = unlockableType === 'premium_thread' ? body.sisterContent?.trim() || unlockableContent : null;
  if (unlockable && !(unlockableType === 'premium_thread' ? sisterContent : unlockableContent)) {
    throw badRequest(VALIDATION.unlockableContentRequired);
  }
  if (sisterContent && sisterContent.length > LIMITS.threadContentMax) {
    throw badRequest(FORUM_TEXT.contentMax(LIMITS.threadContentMax));
  }
  const staffAuthor = isStaff(author);
  const now = new Date();
  const fields = {
    title,
    content,
    ...storedFields(content, await cook(content, app.members)),
    authorId: author.id,
    categoryId: body.categoryId,
    tags: normalizeTags(body.tags),
    isPremium: body.isPremium === true,
    premiumCost: body.isPremium ? (body.premiumCost ?? THREAD_DEFAULTS.premiumCost) : null,
    isPrivate: body.isPrivate === true,
    allowedUserIds: body.isPrivate ? await allowedUsers(app, author.id, body.allowedUserIds) : [],
    hasUnlockableContent: unlockable,
    unlockableCost: unlockable ? (body.unlockableCost ?? THREAD_DEFAULTS.unlockableCost) : null,
    unlockableType,
    unlockableContent,
    isGroupBuy: body.isGroupBuy === true,
    groupBuyParticipantsRequired: body.isGroupBuy
      ? (body.groupBuyParticipantsRequired ?? THREAD_DEFAULTS.groupBuyParticipants)
      : null,
    groupBuyContributionAmount: body.isGroupBuy
      ? (body.groupBuyContributionAmount ?? THREAD_DEFAULTS.groupBuyContribution)
      : null,
    groupBuyContent: groupBuyContentOf(body.isGroupBuy === true, body.groupBuyContent),
    groupBuyDeadline: body.isGroupBuy
      ? new Date(now.getTime() + (body.groupBuyDays ?? THREAD_DEFAULTS.groupBuyDays) * DAY_MS)
      : null,
    isApproved: staffAuthor,
    approvedBy: staffAuthor ? author.id : null,
    approvedAt: staffAuthor ? now : null,
  };
  assertAmounts(fields);
  let thread = await insertWithId(threadModels(app).Thread, fields as Omit<ThreadRecord, 'id'>);
  if (sisterContent) {
    const sister = await insertWithId(threadModels(app).Thread, {
      ...fields,
      title: FORUM_TEXT.sisterTitle(title),
      content: sisterContent,
      ...storedFields(sisterContent, await cook(sisterContent, app.members)),
      isPremium: true,
      premiumCost: fields.unlockableCost,
      hasUnlockableContent: false,
      unlockableCost: null,
      unlockableType: null,
      unlockableContent: null,
      isSisterThread: true,
      parentThreadId: thread.id,
    } as Omit<ThreadRecord, 'id'>);
    await threadModels(app).Thread.updateOne({ _id: internalId(thread.id) }, { $set: { sisterThreadId: sister.id } });
    thread = { ...thread, sisterThreadId: sister.id };
  }
  // Lost to a crash, the marker is written by the first contribution instead (before any coin moves).
  if (thread.isGroupBuy) await markOpen(app, thread);
  // A new thread has no replies: nothing to count.
  const known = { counts: new Map([[thread.id, 0]]) };
  if (thread.isApproved) app.events.publish('thread.created', { threadId: thread.id });
  else app.events.publish('thread.pendingCreated', { thread: await presentThread(app, author, thread, 'list', known) });
  announceShare(app, null, thread);
  return presentThread(app, author, thread, 'detail', known);
}
