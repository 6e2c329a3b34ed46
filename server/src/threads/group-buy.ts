import { type ContributeReply, ErrorCode, FORUM_TEXT, type GroupBuyStatus, THREAD_TEXT } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { isDuplicateKey } from '../db/ids.ts';
import { itemKey } from '../db/keyed-list.ts';
import { AppError, badRequest, conflict } from '../errors.ts';
import type { UserRecord } from '../users/user-model.ts';
import { completeSale, type MovementResult, move, movementByKey, refund } from '../wallet/ledger.ts';
import { holdingsOf, recordHolding } from './access.ts';
import { type GroupBuyPlaceRecord, placeKey, placesList } from './group-buy-model.ts';
import {
  completionOf,
  groupBuyStates,
  isPaidPlace,
  numberPlace,
  participantsOf,
  placeOf,
  placesTaken,
} from './group-buy-state.ts';
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
    viewer ? placeOf(app, thread.id, viewer.id) : null,
    holdingsOf(app, viewer, [thread]),
  ]);
  const state = states.get(thread.id);
  return {
    isCompleted: Boolean(state?.completedAt),
    isParticipant: isPaidPlace(mine),
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

/**
 * Tries the free place numbers from the count up to `required`; the place document's unique `_id`
 * (one per member) and unique (thread, place) decide every contest in one insert.
 */
async function claimPlace(app: FastifyInstance, threadId: number, userId: number, required: number) {
  for (let place = (await placesTaken(app, threadId)) + 1; place <= required; place++) {
    const claim = { threadId, place, userId, createdAt: new Date() };
    try {
      await app.models.GroupBuyPlace.create({ _id: placeKey(threadId, userId), ...claim });
      await numberPlace(app, claim);
      await recordHolding(app, userId, threadId, 'groupBuy');
      return true;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      // Our own key: the start-up sweep voided this contribution and refunds it.
      if (await placeOf(app, threadId, userId)) return false;
      await renumberTakenPlace(app, threadId, place);
    }
  }
  return false;
}

/** Place `place` is taken but was not numbered (a crash between the two writes): found once, numbered. */
async function renumberTakenPlace(app: FastifyInstance, threadId: number, place: number) {
  const taken = await app.models.PlaceNumber.exists({ _id: itemKey(placesList(threadId), place) });
  if (taken) return;
  const holder = await app.models.GroupBuyPlace.findOne({ threadId, place }).lean<GroupBuyPlaceRecord>();
  if (holder) await numberPlace(app, holder);
}

async function settleReplay(app: FastifyInstance, member: UserRecord, threadId: number): Promise<never> {
  const place = await placeOf(app, threadId, member.id);
  if (isPaidPlace(place)) throw conflict(THREAD_TEXT.alreadyContributed, ErrorCode.AlreadyOwned);
  const refunded = await movementByKey(app, `refund:${contributionKey(member.id, threadId)}`);
  throw conflict(refunded ? FORUM_TEXT.groupBuyFull : FORUM_TEXT.contributionInProgress);
}

/** Completes the group buy once (unique `_id`) when the places taken reach the number required. */
export async function completeIfFull(app: FastifyInstance, thread: ThreadRecord, required: number) {
  const participantIds = await participantsOf(app, thread.id);
  const current = participantIds.length;
  const isCompleted = current >= required;
  app.events.publish('groupBuy.progress', {
    progress: { threadId: thread.id, current, required, isCompleted },
    participantIds,
  });
  if (isCompleted && !(await completionOf(app, thread.id))) {
    try {
      const completedAt = new Date();
      await app.models.GroupBuyCompletion.create({ _id: String(thread.id), threadId: thread.id, completedAt });
      app.events.publish('groupBuy.completed', {
        threadId: thread.id,
        completedAt: completedAt.toISOString(),
        participantIds,
      });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }
  return { current, isCompleted };
}

const pendingKey = (threadId: number, userId: number) => `${threadId}:${userId}`;

/**
 * One contribution: a marker (so a crash is found by key), the debit (owed to the organiser), a place
 * under the unique keys, then the organiser's credit; the marker goes once it is settled. A
 * contribution that finds no free place is refunded; one refused before the debit (complete, full,
 * already in) costs nothing.
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
  const [completion, mine, taken] = await Promise.all([
    completionOf(app, threadId),
    placeOf(app, threadId, member.id),
    placesTaken(app, threadId),
  ]);
  if (completion) throw conflict(FORUM_TEXT.groupBuyAlreadyComplete);
  if (mine) await settleReplay(app, member, threadId);
  if (taken >= required) throw conflict(FORUM_TEXT.groupBuyFull);
  const pending = pendingKey(threadId, member.id);
  await app.models.PendingContribution.create({
    _id: pending,
    threadId,
    userId: member.id,
    key: contributionKey(member.id, threadId),
    createdAt: new Date(),
  }).catch((error) => {
    // A concurrent request of the same member: the ledger key lets only one of them pay.
    if (!isDuplicateKey(error)) throw error;
  });
  let debit: MovementResult;
  try {
    debit = await charge(app, member, thread, price);
  } catch (error) {
    // Nothing was debited (a debit that happened answers as a replay, not an error).
    if (!(await movementByKey(app, contributionKey(member.id, threadId)))) {
      await app.models.PendingContribution.deleteOne({ _id: pending });
    }
    throw error;
  }
  if (debit.replayed) await settleReplay(app, member, threadId);
  let placed: boolean;
  try {
    placed = await claimPlace(app, threadId, member.id, required);
  } catch (error) {
    await refund(app, debit.entry);
    await app.models.PendingContribution.deleteOne({ _id: pending });
    throw error;
  }
  if (!placed) {
    await refund(app, debit.entry);
    await app.models.PendingContribution.deleteOne({ _id: pending });
    throw conflict(FORUM_TEXT.groupBuyFull);
  }
  await completeSale(app, debit.entry);
  const { current, isCompleted } = await completeIfFull(app, thread, required);
  await app.models.PendingContribution.deleteOne({ _id: pending });
  return {
    isCompleted,
    message: isCompleted ? THREAD_TEXT.groupBuyComplete : FORUM_TEXT.contributionReceived,
    current,
    required,
  };
}
