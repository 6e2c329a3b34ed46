import { type ContributeReply, ErrorCode, FORUM_TEXT, type GroupBuyStatus, THREAD_TEXT } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest, conflict } from '../errors.ts';
import { isDuplicateKey, itemKey } from '../storage/index.ts';
import { holdingsOf, recordHolding } from '../threads/access.ts';
import { readableText, type Viewer } from '../threads/policy.ts';
import { visibleThread } from '../threads/service.ts';
import type { ThreadRecord } from '../threads/thread-model.ts';
import type { UserRecord } from '../users/user-model.ts';
import { completeSale, type MovementResult, move, movementByKey, refund } from '../wallet/ledger.ts';
import { escrowAccount, ledgerKeys, threadReference } from '../wallet/ledger-keys.ts';
import type { LedgerEntry } from '../wallet/ledger-model.ts';
import { decide, markOpen, returnContribution } from './escrow.ts';
import { type GroupBuyOutcomeRecord, type GroupBuyPlaceRecord, placeKey, placesList } from './model.ts';
import { groupBuyModels } from './models.ts';
import {
  groupBuyStates,
  isPaidPlace,
  isPastDeadline,
  numberPlace,
  outcomeOf,
  participantsOf,
  placeOf,
  placesTaken,
} from './state.ts';

export function groupBuyOf(thread: ThreadRecord) {
  if (!thread.isGroupBuy || !thread.groupBuyParticipantsRequired || !thread.groupBuyContributionAmount) {
    throw badRequest(FORUM_TEXT.notGroupBuy);
  }
  return { required: thread.groupBuyParticipantsRequired, amount: thread.groupBuyContributionAmount };
}

export async function groupBuyStatus(app: FastifyInstance, viewer: Viewer, threadId: number): Promise<GroupBuyStatus> {
  const thread = await visibleThread(app, viewer, threadId);
  const { required, amount } = groupBuyOf(thread);
  const [states, mine, holdings] = await Promise.all([
    groupBuyStates(app, [thread]),
    viewer ? placeOf(app, thread.id, viewer.id) : null,
    holdingsOf(app, viewer, [thread]),
  ]);
  const state = states.get(thread.id);
  return {
    status: state?.status ?? 'open',
    deadline: thread.groupBuyDeadline?.toISOString() ?? null,
    isCompleted: Boolean(state?.completedAt),
    isParticipant: isPaidPlace(mine),
    current: state?.current ?? 0,
    required,
    contributionAmount: amount,
    completedAt: state?.completedAt?.toISOString() ?? null,
    content: readableText(viewer, thread, holdings).groupBuy,
  };
}

/** Why a group buy that has ended takes no contribution, in the words of its outcome. */
function endedError(status: GroupBuyOutcomeRecord['status']): AppError {
  const texts = {
    completed: FORUM_TEXT.groupBuyAlreadyComplete,
    expired: FORUM_TEXT.groupBuyExpired,
    cancelled: FORUM_TEXT.groupBuyCancelled,
  };
  return conflict(texts[status]);
}

/** The debit, owed to the thread's escrow; a shortfall answers with the spec's contribution text. */
async function charge(app: FastifyInstance, member: UserRecord, thread: ThreadRecord, amount: number) {
  try {
    return await move(app, {
      account: member.id,
      amount: -amount,
      key: ledgerKeys.contribution(member.id, thread.id),
      type: 'group_buy',
      reference: threadReference(thread.id),
      creditTo: escrowAccount(thread.id),
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
async function claimPlace(
  app: FastifyInstance,
  threadId: number,
  userId: number,
  required: number,
): Promise<GroupBuyPlaceRecord | null> {
  for (let place = (await placesTaken(app, threadId)) + 1; place <= required; place++) {
    const claim = { _id: placeKey(threadId, userId), threadId, place, userId, createdAt: new Date() };
    try {
      await groupBuyModels(app).GroupBuyPlace.create(claim);
      return claim;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      // Our own key: the sweep voided this contribution and refunds it.
      if (await placeOf(app, threadId, userId)) return null;
      await renumberTakenPlace(app, threadId, place);
    }
  }
  return null;
}

/** Place `place` is taken but was not numbered (a crash between the two writes): found once, numbered. */
async function renumberTakenPlace(app: FastifyInstance, threadId: number, place: number) {
  const taken = await groupBuyModels(app).PlaceNumber.exists({ _id: itemKey(placesList(threadId), place) });
  if (taken) return;
  const holder = await groupBuyModels(app).GroupBuyPlace.findOne({ threadId, place }).lean<GroupBuyPlaceRecord>();
  if (holder) await numberPlace(app, holder);
}

async function settleReplay(app: FastifyInstance, member: UserRecord, threadId: number): Promise<never> {
  const place = await placeOf(app, threadId, member.id);
  if (isPaidPlace(place)) throw conflict(THREAD_TEXT.alreadyContributed, ErrorCode.AlreadyOwned);
  const refunded = await movementByKey(app, ledgerKeys.refund(ledgerKeys.contribution(member.id, threadId)));
  throw conflict(refunded ? FORUM_TEXT.groupBuyFull : FORUM_TEXT.contributionInProgress);
}

/** The last place completes the group buy (unless something ended it first); watchers and participants see the count. */
async function announceProgress(app: FastifyInstance, thread: ThreadRecord, required: number) {
  const participantIds = await participantsOf(app, thread.id);
  const current = participantIds.length;
  const outcome =
    current >= required ? (await decide(app, thread, 'completed')).outcome : await outcomeOf(app, thread.id);
  app.events.publish('groupBuy.progress', {
    progress: { threadId: thread.id, current, required, isCompleted: outcome?.status === 'completed' },
    participantIds,
  });
  return { current, outcome };
}

/**
 * A paid place's remaining steps, after a request or after a crash: its number, the member's holding, the credit
 * to the escrow, the progress. If the group buy ended meanwhile (expired or cancelled, whose returns may have
 * missed this place), the contribution goes back now. Answers the outcome that stands, if any.
 */
export async function settlePlace(
  app: FastifyInstance,
  thread: ThreadRecord,
  place: GroupBuyPlaceRecord,
  debit: LedgerEntry,
) {
  await numberPlace(app, place);
  await recordHolding(app, place.userId, thread.id, 'groupBuy');
  await completeSale(app, debit);
  const { current, outcome } = await announceProgress(app, thread, groupBuyOf(thread).required);
  if (outcome && outcome.status !== 'completed') await returnContribution(app, thread, debit);
  return { current, outcome };
}

const pendingKey = (threadId: number, userId: number) => `${threadId}:${userId}`;

/**
 * One contribution: the group buy's open marker and a contribution marker (so a crash is found by key), the debit
 * (owed to the escrow), a place under the unique keys, then the escrow's credit; the marker goes once it is
 * settled. A contribution that finds no free place is refunded; one refused before the debit (ended, full, past
 * its deadline, already in) costs nothing; one whose group buy ended while it was being made is returned.
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
  const [ended, mine, taken] = await Promise.all([
    outcomeOf(app, threadId),
    placeOf(app, threadId, member.id),
    placesTaken(app, threadId),
  ]);
  if (ended) throw endedError(ended.status);
  if (isPastDeadline(thread)) throw endedError('expired');
  if (mine) await settleReplay(app, member, threadId);
  if (taken >= required) throw conflict(FORUM_TEXT.groupBuyFull);
  await markOpen(app, thread);
  const pending = pendingKey(threadId, member.id);
  await groupBuyModels(app)
    .PendingContribution.create({
      _id: pending,
      threadId,
      userId: member.id,
      key: ledgerKeys.contribution(member.id, threadId),
      createdAt: new Date(),
    })
    .catch((error) => {
      // A concurrent request of the same member: the ledger key lets only one of them pay.
      if (!isDuplicateKey(error)) throw error;
    });
  let debit: MovementResult;
  try {
    debit = await charge(app, member, thread, price);
  } catch (error) {
    // Nothing was debited (a debit that happened answers as a replay, not an error).
    if (!(await movementByKey(app, ledgerKeys.contribution(member.id, threadId)))) {
      await groupBuyModels(app).PendingContribution.deleteOne({ _id: pending });
    }
    throw error;
  }
  if (debit.replayed) await settleReplay(app, member, threadId);
  let place: GroupBuyPlaceRecord | null;
  try {
    place = await claimPlace(app, threadId, member.id, required);
  } catch (error) {
    await refund(app, debit.entry);
    await groupBuyModels(app).PendingContribution.deleteOne({ _id: pending });
    throw error;
  }
  if (!place) {
    await refund(app, debit.entry);
    await groupBuyModels(app).PendingContribution.deleteOne({ _id: pending });
    throw conflict(FORUM_TEXT.groupBuyFull);
  }
  const { current, outcome } = await settlePlace(app, thread, place, debit.entry);
  await groupBuyModels(app).PendingContribution.deleteOne({ _id: pending });
  if (outcome && outcome.status !== 'completed') throw endedError(outcome.status);
  const isCompleted = outcome?.status === 'completed';
  return {
    isCompleted,
    message: isCompleted ? THREAD_TEXT.groupBuyComplete : FORUM_TEXT.contributionReceived,
    current,
    required,
  };
}
