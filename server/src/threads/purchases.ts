import {
  type CheckUnlockedReply,
  ErrorCode,
  FORUM_TEXT,
  type SpendBody,
  type SpendReply,
  THREAD_TEXT,
  type UnlockableCheck,
  type UnlockReply,
} from '@enclave/protocol';
import { AppError, badRequest, conflict } from '../errors.ts';
import { insertDocument, isDuplicateKey } from '../storage/index.ts';
import type { UserRecord } from '../users/user-model.ts';
import { balanceOf, movementByKey, sell, type WalletContext } from '../wallet/ledger.ts';
import { ledgerKeys, threadReference } from '../wallet/ledger-keys.ts';
import type { EntryType } from '../wallet/ledger-model.ts';
import { holdingsOf, recordHolding } from './access.ts';
import type { TellingContext, ThreadContext } from './context.ts';
import { type HoldingKind, holdingKey } from './holding-model.ts';
import { threadModels } from './models.ts';
import { canReadContent, canReadDiscussion, isAuthor, type Viewer } from './policy.ts';
import { readableThread, visibleThread } from './service.ts';
import type { ThreadRecord } from './thread-model.ts';

/**
 * The buyer's debit and the author's credit (`sell`: the author is credited just after the answer), through the
 * ledger under a key that makes it happen once. Answers the buyer's balance after it. A shortfall answers the spec's
 * text; a shortfall caused by this very key having just been paid by a concurrent request is that payment, not a
 * shortfall.
 */
async function payAuthor(
  app: WalletContext,
  buyer: UserRecord,
  thread: ThreadRecord,
  charge: { amount: number; key: string; type: EntryType },
): Promise<number> {
  try {
    const { entry, replayed } = await sell(app, {
      buyer: buyer.id,
      seller: thread.authorId,
      reference: threadReference(thread.id),
      ...charge,
    });
    // A replayed entry's balance is of its time.
    return replayed ? await balanceOf(app, buyer.id) : entry.balanceAfter;
  } catch (error) {
    const short = error instanceof AppError && error.code === ErrorCode.InsufficientCoins;
    if (!short) throw error;
    if (!(await movementByKey(app, charge.key))) {
      throw new AppError(402, ErrorCode.InsufficientCoins, THREAD_TEXT.insufficientCoins, error.details);
    }
    return balanceOf(app, buyer.id);
  }
}

/** What writing a holding needs: the database, and the events that tell every process's memory of it. */
export type GrantContext = TellingContext;

/**
 * What buying uses: the read gate (`readableThread`), the wallet (`pay`: the storage and the events) and the
 * holding's grant.
 */
type BuyingContext = Omit<ThreadContext, 'categories' | 'changes'>;

/**
 * The holding decides: of any number of paid requests for the same thing, one inserts it and succeeds (true); the
 * others answer false. The holder's remembered answers are forgotten (`access.granted`), and search's list gains it
 * just after the answer (best effort: access is decided by the holding).
 */
export async function grantHolding(app: GrantContext, threadId: number, userId: number, kind: HoldingKind) {
  try {
    const _id = holdingKey(threadId, userId, kind);
    await insertDocument(threadModels(app).Holding, { _id, threadId, userId, kind, createdAt: new Date() });
    app.events.publish('access.granted', { userId, threadId });
    app.afterwards('holding not listed', () => recordHolding(app, userId, threadId, kind));
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

function assertPrice(offered: number | undefined, price: number) {
  if (offered !== undefined && offered !== price) {
    throw conflict(FORUM_TEXT.priceChanged(price), ErrorCode.Conflict, { amount: price });
  }
}

/** POST /api/threads/{id}/unlock: the premium discussion (and with it the premium sister thread). */
export async function unlockDiscussion(
  app: BuyingContext,
  member: UserRecord,
  threadId: number,
  cost?: number,
): Promise<UnlockReply> {
  const { thread, holdings } = await readableThread(app, member, threadId);
  if (!thread.hasUnlockableContent || !thread.unlockableCost) throw badRequest(FORUM_TEXT.noUnlockable);
  if (isAuthor(member, thread)) throw badRequest(FORUM_TEXT.cannotBuyOwn);
  if (canReadDiscussion(member, thread, holdings)) throw conflict(FORUM_TEXT.alreadyUnlocked, ErrorCode.AlreadyOwned);
  assertPrice(cost, thread.unlockableCost);
  await payAuthor(app, member, thread, {
    amount: thread.unlockableCost,
    key: ledgerKeys.unlock(member.id, thread.id),
    type: 'unlock',
  });
  if (!(await grantHolding(app, thread.id, member.id, 'unlock'))) {
    throw conflict(FORUM_TEXT.alreadyUnlocked, ErrorCode.AlreadyOwned);
  }
  return {
    message: FORUM_TEXT.unlocked,
    content: thread.unlockableContent ?? null,
    sisterThreadId: thread.sisterThreadId ?? null,
  };
}

/**
 * POST /api/coins/spend: a premium thread. A premium sister thread is what its parent's premium
 * discussion sells, so buying it is unlocking that discussion: one price, one holding.
 */
export async function buyThread(app: BuyingContext, buyer: UserRecord, body: SpendBody): Promise<SpendReply> {
  const thread = await visibleThread(app, buyer, body.referenceId);
  const purchased = { message: FORUM_TEXT.purchased, threadId: thread.id };
  if (thread.isSisterThread && thread.parentThreadId !== null) {
    await unlockDiscussion(app, buyer, thread.parentThreadId, body.amount);
    return { ...purchased, balance: await balanceOf(app, buyer.id) };
  }
  if (!thread.isPremium || !thread.premiumCost) throw badRequest(FORUM_TEXT.notPremium);
  if (isAuthor(buyer, thread)) throw badRequest(FORUM_TEXT.cannotBuyOwn);
  const holdings = await holdingsOf(app, buyer, [thread]);
  if (canReadContent(buyer, thread, holdings)) throw conflict(FORUM_TEXT.alreadyOwned, ErrorCode.AlreadyOwned);
  assertPrice(body.amount, thread.premiumCost);
  const balance = await payAuthor(app, buyer, thread, {
    amount: thread.premiumCost,
    key: ledgerKeys.premium(buyer.id, thread.id),
    type: 'premium_purchase',
  });
  if (!(await grantHolding(app, thread.id, buyer.id, 'purchase'))) {
    throw conflict(FORUM_TEXT.alreadyOwned, ErrorCode.AlreadyOwned);
  }
  return { ...purchased, balance };
}

/** Spec 001 §3 "Unlockable check": staff and the author have access without paying. */
export async function unlockableCheck(
  app: Pick<ThreadContext, 'mongo' | 'holdings'>,
  viewer: Viewer,
  threadId: number,
): Promise<UnlockableCheck> {
  const thread = await visibleThread(app, viewer, threadId);
  const holdings = await holdingsOf(app, viewer, [thread]);
  const hasAccess = canReadContent(viewer, thread, holdings) && canReadDiscussion(viewer, thread, holdings);
  return {
    hasAccess,
    userPaidForAccess: holdings.unlocked.has(thread.id),
    alreadyUnlocked: hasAccess,
    sisterThreadId: thread.sisterThreadId ?? null,
  };
}

/** Spec 000 §7: whether the viewer holds the premium discussion, and if so its content. */
export async function checkUnlocked(
  app: Pick<ThreadContext, 'mongo' | 'holdings'>,
  viewer: Viewer,
  threadId: number,
): Promise<CheckUnlockedReply> {
  const thread = await visibleThread(app, viewer, threadId);
  const holdings = await holdingsOf(app, viewer, [thread]);
  const isUnlocked =
    thread.hasUnlockableContent &&
    canReadContent(viewer, thread, holdings) &&
    canReadDiscussion(viewer, thread, holdings);
  return {
    isUnlocked,
    content: isUnlocked ? (thread.unlockableContent ?? null) : null,
    sisterThreadId: thread.sisterThreadId ?? null,
  };
}
