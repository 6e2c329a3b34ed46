import { type ContributeReply, ErrorCode, FORUM_TEXT, type GroupBuyStatus, THREAD_TEXT } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { isDuplicateKey } from '../db/ids.ts';
import { AppError, badRequest, conflict } from '../errors.ts';
import type { UserRecord } from '../users/user-model.ts';
import { completeSale, type MovementResult, move, movementByKey, refund, settledDebitKeys } from '../wallet/ledger.ts';
import type { LedgerEntry } from '../wallet/ledger-model.ts';
import { holdingsOf } from './access.ts';
import { groupBuyStates, PAID_PLACE, placesTaken } from './group-buy-state.ts';
import { readableText, type Viewer } from './policy.ts';
import { visibleThread } from './service.ts';
import type { ThreadRecord } from './thread-model.ts';

const contributionKey = (userId: number, threadId: number) => `groupbuy:${userId}:${threadId}`;

function groupBuyOf(thread: ThreadRecord) {
  if (!thread.isGroupBuy || !thread.groupBuyParticipantsRequired || !thread.groupBuyContributionAmount) {
    throw badRequest(FORUM_TEXT.notGroupBuy);
  }
  return { required: thread.groupBuyParticipantsRequired, amount: thread.groupBuyContributionAmount };
}

export async function groupBuyStatus(app: FastifyInstance, viewer: Viewer, threadId: number): Promise<GroupBuyStatus> {
  const thread = await visibleThread(app, viewer, threadId);
  const { required, amount } = groupBuyOf(thread);
  const [states, mine, holdings] = await Promise.all([
    groupBuyStates(app, [thread.id]),
    viewer ? app.models.GroupBuyPlace.exists({ threadId, userId: viewer.id, place: PAID_PLACE }) : null,
    holdingsOf(app, viewer, [thread]),
  ]);
  const state = states.get(thread.id);
  return {
    isCompleted: Boolean(state?.completedAt),
    isParticipant: Boolean(mine),
    current: state?.current ?? 0,
    required,
    contributionAmount: amount,
    completedAt: state?.completedAt?.toISOString() ?? null,
    content: readableText(viewer, thread, holdings).groupBuy,
  };
}

/** The debit, owed to the organiser; a shortfall answers with the spec's contribution text. */
async function charge(app: FastifyInstance, member: UserRecord, thread: ThreadRecord, amount: number) {
  try {
    return await move(app, {
      account: member.id,
      amount: -amount,
      key: contributionKey(member.id, thread.id),
      type: 'group_buy',
      reference: `thread:${thread.id}`,
      creditTo: thread.authorId,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.InsufficientCoins) {
      throw new AppError(402, ErrorCode.InsufficientCoins, THREAD_TEXT.insufficientToContribute(amount), error.details);
    }
    throw error;
  }
}

/** Tries the free place numbers 1..required; the unique (thread, place) index decides every contest. */
async function claimPlace(app: FastifyInstance, threadId: number, userId: number, required: number) {
  const taken = new Set(
    (await app.models.GroupBuyPlace.find({ threadId, place: PAID_PLACE }, { place: 1 }).lean()).map((p) => p.place),
  );
  for (let place = 1; place <= required; place++) {
    if (taken.has(place)) continue;
    try {
      await app.models.GroupBuyPlace.create({ threadId, place, userId, createdAt: new Date() });
      return true;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      // The unique (thread, user) index: the start-up sweep voided this contribution and refunds it.
      if (await app.models.GroupBuyPlace.exists({ threadId, userId })) return false;
    }
  }
  return false;
}

async function settleReplay(app: FastifyInstance, member: UserRecord, threadId: number): Promise<never> {
  const place = await app.models.GroupBuyPlace.findOne({ threadId, userId: member.id }).lean();
  if (place && place.place > 0) throw conflict(THREAD_TEXT.alreadyContributed, ErrorCode.AlreadyOwned);
  const refunded = await movementByKey(app, `refund:${contributionKey(member.id, threadId)}`);
  throw conflict(refunded ? FORUM_TEXT.groupBuyFull : FORUM_TEXT.contributionInProgress);
}

/** Completes the group buy once (unique threadId) when the places counted reach the number required. */
async function completeIfFull(app: FastifyInstance, thread: ThreadRecord, required: number) {
  const places = await app.models.GroupBuyPlace.find({ threadId: thread.id, place: PAID_PLACE }, { userId: 1 }).lean();
  const participantIds = places.map((p) => p.userId);
  const current = participantIds.length;
  const isCompleted = current >= required;
  app.events.publish('groupBuy.progress', {
    progress: { threadId: thread.id, current, required, isCompleted },
    participantIds,
  });
  if (isCompleted) {
    try {
      const completion = await app.models.GroupBuyCompletion.create({ threadId: thread.id, completedAt: new Date() });
      app.events.publish('groupBuy.completed', {
        threadId: thread.id,
        completedAt: completion.completedAt.toISOString(),
        participantIds,
      });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }
  return { current, isCompleted };
}

/**
 * One contribution: the debit (owed to the organiser), then a place under the unique indexes, then the
 * organiser's credit. A contribution that finds no free place is refunded; one refused before the debit
 * (complete, full, already in) costs nothing.
 */
export async function contribute(
  app: FastifyInstance,
  member: UserRecord,
  threadId: number,
  amount: number,
): Promise<ContributeReply> {
  const thread = await visibleThread(app, member, threadId);
  const { required, amount: price } = groupBuyOf(thread);
  if (thread.authorId === member.id) throw badRequest(FORUM_TEXT.organizerCannotContribute);
  if (amount !== price) throw conflict(FORUM_TEXT.priceChanged(price), ErrorCode.Conflict, { amount: price });
  if (await app.models.GroupBuyCompletion.exists({ threadId })) throw conflict(FORUM_TEXT.groupBuyAlreadyComplete);
  const mine = await app.models.GroupBuyPlace.findOne({ threadId, userId: member.id }).lean();
  if (mine) await settleReplay(app, member, threadId);
  if ((await placesTaken(app, threadId)) >= required) {
    throw conflict(FORUM_TEXT.groupBuyFull);
  }
  const debit: MovementResult = await charge(app, member, thread, price);
  if (debit.replayed) await settleReplay(app, member, threadId);
  let placed: boolean;
  try {
    placed = await claimPlace(app, threadId, member.id, required);
  } catch (error) {
    await refund(app, debit.entry);
    throw error;
  }
  if (!placed) {
    await refund(app, debit.entry);
    throw conflict(FORUM_TEXT.groupBuyFull);
  }
  await completeSale(app, debit.entry);
  const { current, isCompleted } = await completeIfFull(app, thread, required);
  return {
    isCompleted,
    message: isCompleted ? THREAD_TEXT.groupBuyComplete : FORUM_TEXT.contributionReceived,
    current,
    required,
  };
}

/**
 * Start-up sweep, before the ledger's own (which would otherwise pay the organiser for a debit that
 * bought nothing): a contribution debited without a place gets a void place under the unique
 * (thread, user) index, so no late claim can take one, and is refunded. Group buys whose last place
 * filled without their completion being written are completed.
 */
export async function sweepGroupBuys(app: FastifyInstance): Promise<{ refunded: number; completed: number }> {
  const { LedgerEntry, GroupBuyPlace, GroupBuyCompletion, Thread } = app.models;
  const settled = await settledDebitKeys(app);
  let refunded = 0;
  for await (const debit of LedgerEntry.find({ type: 'group_buy', amount: { $lt: 0 } }).lean<LedgerEntry[]>()) {
    if (settled.has(debit.key)) continue;
    const threadId = Number(debit.reference?.split(':')[1]);
    try {
      await GroupBuyPlace.create({ threadId, place: -debit.account, userId: debit.account, createdAt: new Date() });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const place = await GroupBuyPlace.findOne({ threadId, userId: debit.account }).lean();
    if (place && place.place > 0) continue;
    await refund(app, debit);
    refunded += 1;
  }
  let completed = 0;
  const done = new Set((await GroupBuyCompletion.find({}, { threadId: 1 }).lean()).map((c) => c.threadId));
  // Places counted in one pass, not one count per group buy.
  const taken = new Map<number, number>();
  for (const { threadId } of await GroupBuyPlace.find({ place: PAID_PLACE }, { threadId: 1 }).lean()) {
    taken.set(threadId, (taken.get(threadId) ?? 0) + 1);
  }
  for await (const thread of Thread.find({ isGroupBuy: true, deletedAt: null }).lean<ThreadRecord[]>()) {
    const required = thread.groupBuyParticipantsRequired;
    if (done.has(thread.id) || !required || (taken.get(thread.id) ?? 0) < required) continue;
    await completeIfFull(app, thread, required);
    completed += 1;
  }
  return { refunded, completed };
}
