import { type ContributeReply, ErrorCode, FORUM_TEXT, type GroupBuyStatus, THREAD_TEXT } from '@enclave/protocol';
import { AppError, badRequest, conflict } from '../errors.ts';
import { claimOnce, type Database, intent, itemKey, type StorageContext } from '../storage/index.ts';
import { holdingsOf, recordHolding } from '../threads/access.ts';
import { readableText, type Viewer } from '../threads/policy.ts';
import { visibleThread } from '../threads/service.ts';
import { storedThread } from '../threads/stored-thread.ts';
import type { ThreadRecord } from '../threads/thread-model.ts';
import type { UserRecord } from '../users/user-model.ts';
import {
  completeSale,
  type MovementResult,
  move,
  movementByKey,
  refund,
  type WalletContext,
} from '../wallet/ledger.ts';
import { escrowAccount, ledgerKeys, threadReference } from '../wallet/ledger-keys.ts';
import type { LedgerEntry } from '../wallet/ledger-model.ts';
import type { GroupBuyContext } from './context.ts';
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

export async function groupBuyStatus(
  app: Omit<GroupBuyContext, 'events'>,
  viewer: Viewer,
  threadId: number,
): Promise<GroupBuyStatus> {
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
async function charge(app: WalletContext, member: UserRecord, thread: ThreadRecord, amount: number) {
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
  app: StorageContext,
  threadId: number,
  userId: number,
  required: number,
): Promise<GroupBuyPlaceRecord | null> {
  for (let place = (await placesTaken(app, threadId)) + 1; place <= required; place++) {
    const claim = { _id: placeKey(threadId, userId), threadId, place, userId, createdAt: new Date() };
    if (await claimOnce(groupBuyModels(app).GroupBuyPlace, claim)) return claim;
    // Our own key: the sweep voided this contribution and refunds it.
    if (await placeOf(app, threadId, userId)) return null;
    await renumberTakenPlace(app, threadId, place);
  }
  return null;
}

/** Place `place` is taken but was not numbered (a crash between the two writes): found once, numbered. */
async function renumberTakenPlace(app: Database, threadId: number, place: number) {
  const taken = await groupBuyModels(app).PlaceNumber.exists({ _id: itemKey(placesList(threadId), place) });
  if (taken) return;
  const holder = await groupBuyModels(app).GroupBuyPlace.findOne({ threadId, place }).lean<GroupBuyPlaceRecord>();
  if (holder) await numberPlace(app, holder);
}

async function settleReplay(app: Database, member: UserRecord, threadId: number): Promise<never> {
  const place = await placeOf(app, threadId, member.id);
  if (isPaidPlace(place)) throw conflict(THREAD_TEXT.alreadyContributed, ErrorCode.AlreadyOwned);
  const refunded = await movementByKey(app, ledgerKeys.refund(ledgerKeys.contribution(member.id, threadId)));
  throw conflict(refunded ? FORUM_TEXT.groupBuyFull : FORUM_TEXT.contributionInProgress);
}

/** The last place completes the group buy (unless something ended it first); watchers and participants see the count. */
async function announceProgress(app: WalletContext, thread: ThreadRecord, required: number) {
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
  app: WalletContext,
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

/** A contribution under way: the member's debit, owed to the thread's escrow, under its ledger key. */
interface ContributionUnderWay {
  threadId: number;
  userId: number;
  key: string;
}

/**
 * Settles one contribution a crash interrupted (or whose request another process gave up on). No debit: nothing
 * to do. Otherwise a void place is inserted under the member's place key, so no late claim can take one: if it goes
 * in, the debit bought nothing and is refunded; if the member holds a paid place, its remaining steps run (the
 * escrow's credit, the completion if that place filled the group buy, the return if the group buy ended meanwhile).
 */
async function settleInterrupted(app: WalletContext, { threadId, userId, key }: ContributionUnderWay) {
  const debit = await movementByKey(app, key);
  if (!debit) return;
  await claimOnce(groupBuyModels(app).GroupBuyPlace, {
    _id: placeKey(threadId, userId),
    threadId,
    place: -userId,
    userId,
    createdAt: new Date(),
  });
  const place = await placeOf(app, threadId, userId);
  const thread = await storedThread(app, threadId);
  if (!place || !isPaidPlace(place) || !thread) {
    await refund(app, debit);
    app.log.warn({ threadId, userId }, 'group-buy contribution refunded after a crash');
    return;
  }
  await settlePlace(app, thread, place, debit);
  app.log.warn({ threadId, userId }, 'group-buy contribution placed after a crash');
}

/**
 * A contribution under way, `{threadId}:{userId}`: recorded before its debit and cleared once it is settled (place
 * kept and credited, or refunded). The start-up sweep settles every one a crash left, before the intents of the
 * ledger (whose seller credit would otherwise pay the escrow for a debit that bought nothing: see sweep.ts); the
 * periodic sweep those whose request another process gave up on or died in.
 */
export const contributionUnderWay = intent<ContributionUnderWay, WalletContext>(
  'group-buy-contribution',
  settleInterrupted,
);

export const contributionKey = (threadId: number, userId: number) => `${threadId}:${userId}`;

/**
 * One contribution: the group buy's open marker and the contribution's intent (so a crash is found by key), the
 * debit (owed to the escrow), a place under the unique keys, then the escrow's credit; the intent is cleared once
 * it is settled. A contribution that finds no free place is refunded; one refused before the debit (ended, full,
 * past its deadline, already in) costs nothing; one whose group buy ended while it was being made is returned.
 */
export async function contribute(
  app: WalletContext,
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
  const pending = contributionKey(threadId, member.id);
  const key = ledgerKeys.contribution(member.id, threadId);
  // Recorded already: a concurrent request of the same member, and the ledger key lets only one of them pay.
  await contributionUnderWay.begin(app, pending, { threadId, userId: member.id, key });
  let debit: MovementResult;
  try {
    debit = await charge(app, member, thread, price);
  } catch (error) {
    // Nothing was debited (a debit that happened answers as a replay, not an error).
    if (!(await movementByKey(app, key))) await contributionUnderWay.done(app, pending);
    throw error;
  }
  if (debit.replayed) await settleReplay(app, member, threadId);
  let place: GroupBuyPlaceRecord | null;
  try {
    place = await claimPlace(app, threadId, member.id, required);
  } catch (error) {
    await refund(app, debit.entry);
    await contributionUnderWay.done(app, pending);
    throw error;
  }
  if (!place) {
    await refund(app, debit.entry);
    await contributionUnderWay.done(app, pending);
    throw conflict(FORUM_TEXT.groupBuyFull);
  }
  const { current, outcome } = await settlePlace(app, thread, place, debit.entry);
  await contributionUnderWay.done(app, pending);
  if (outcome && outcome.status !== 'completed') throw endedError(outcome.status);
  const isCompleted = outcome?.status === 'completed';
  return {
    isCompleted,
    message: isCompleted ? THREAD_TEXT.groupBuyComplete : FORUM_TEXT.contributionReceived,
    current,
    required,
  };
}
