import type { GroupBuyOutcome } from '@enclave/protocol';
import { claimOnce, type Database } from '../storage/index.ts';
import type { ThreadRecord } from '../threads/thread-model.ts';
import { completeSale, movementByKey, pay, type WalletContext } from '../wallet/ledger.ts';
import { escrowAccount, ledgerKeys, threadReference } from '../wallet/ledger-keys.ts';
import type { LedgerEntry } from '../wallet/ledger-model.ts';
import type { GroupBuyOutcomeRecord } from './model.ts';
import { groupBuyModels } from './models.ts';
import { outcomeOf, participantsOf } from './state.ts';

/**
 * A group buy's coins. A contribution is a debit of the member owed to the thread's escrow account (its credit is
 * the escrow's entry `sale:{key}`); the outcome document decides, once, where the escrow goes: all of it to the
 * organiser in one movement (completed), or each contribution back to its contributor (expired, cancelled). Every
 * movement has its own ledger key, so any step may run again, in any process, and moves nothing twice.
 *
 * What these rules use is the wallet's context (`WalletContext`): the database and the storage module's lists (the
 * places, the ledger), and the domain events (`groupBuy.completed`, `groupBuy.ended`, and the wallet's own); the app
 * is one. The marker alone needs only the database.
 */

type GroupBuy = Pick<ThreadRecord, 'id' | 'authorId' | 'groupBuyDeadline'>;

/**
 * The marker that says the group buy's coins are not settled yet: written before any coin can reach its escrow and
 * before any outcome, removed once the outcome is paid out or refunded. Written already is fine.
 */
export async function markOpen(app: Database, thread: GroupBuy): Promise<void> {
  await claimOnce(groupBuyModels(app).OpenGroupBuy, {
    _id: String(thread.id),
    threadId: thread.id,
    deadline: thread.groupBuyDeadline ?? null,
  });
}

/** The contribution debits the escrow holds (or is owed), each credited to it: a crash may have cut one short. */
async function heldContributions(app: WalletContext, thread: GroupBuy): Promise<LedgerEntry[]> {
  const participants = await participantsOf(app, thread.id);
  const debits = await Promise.all(
    participants.map((userId) => movementByKey(app, ledgerKeys.contribution(userId, thread.id))),
  );
  const held = debits.filter((debit): debit is LedgerEntry => debit?.creditTo === escrowAccount(thread.id));
  for (const debit of held) await completeSale(app, debit);
  return held;
}

/** One contribution back to its contributor, from the escrow: once, whoever asks. */
export async function returnContribution(app: WalletContext, thread: GroupBuy, debit: LedgerEntry): Promise<void> {
  await completeSale(app, debit);
  const { replayed } = await pay(app, {
    buyer: escrowAccount(thread.id),
    seller: debit.account,
    amount: -debit.amount,
    key: ledgerKeys.contributionReturn(debit.account, thread.id),
    type: 'group_buy_return',
    reference: threadReference(thread.id),
  });
  if (!replayed) app.log.info({ threadId: thread.id, userId: debit.account }, 'group-buy contribution returned');
}

/**
 * Carries out a decided outcome: the whole escrow to the organiser in one movement, or every contribution back,
 * one after another. Then the marker goes, and the settlement that first records the end as told tells watchers and
 * participants (so when several settle at once, one does; a settlement a crash cut short is told by the sweep that
 * finishes it; a crash between the record and the telling loses the telling rather than repeat it).
 */
export async function settle(app: WalletContext, thread: GroupBuy, outcome: GroupBuyOutcomeRecord): Promise<void> {
  const held = await heldContributions(app, thread);
  if (outcome.status === 'completed') {
    const total = held.reduce((sum, debit) => sum - debit.amount, 0);
    if (total > 0) {
      await pay(app, {
        buyer: escrowAccount(thread.id),
        seller: thread.authorId,
        amount: total,
        key: ledgerKeys.payout(thread.id),
        type: 'group_buy_payout',
        reference: threadReference(thread.id),
      });
    }
  } else {
    for (const debit of held) await returnContribution(app, thread, debit);
  }
  await groupBuyModels(app).OpenGroupBuy.deleteOne({ _id: String(thread.id) });
  if (!(await claimOnce(groupBuyModels(app).GroupBuyEndTold, { _id: String(thread.id) }))) return;
  const participantIds = await participantsOf(app, thread.id);
  if (outcome.status === 'completed') {
    const completedAt = outcome.endedAt.toISOString();
    app.events.publish('groupBuy.completed', { threadId: thread.id, completedAt, participantIds });
  } else {
    app.events.publish('groupBuy.ended', { threadId: thread.id, status: outcome.status, participantIds });
  }
}

/**
 * Decides how the group buy ends, unless it is decided already: the outcome's insert under the thread's id is the
 * one decision, so the last place, the deadline and staff can all try at once and exactly one wins. Whatever stands
 * is then carried out. Answers the outcome that stands, and whether this call decided it.
 */
export async function decide(
  app: WalletContext,
  thread: GroupBuy,
  status: GroupBuyOutcome,
): Promise<{ outcome: GroupBuyOutcomeRecord; decided: boolean }> {
  // Before the outcome: a crash after it leaves the settlement for the sweep to find.
  await markOpen(app, thread);
  const decided = await claimOnce(groupBuyModels(app).GroupBuyOutcome, {
    _id: String(thread.id),
    threadId: thread.id,
    status,
    endedAt: new Date(),
  });
  const outcome = (await outcomeOf(app, thread.id)) as GroupBuyOutcomeRecord;
  await settle(app, thread, outcome);
  return { outcome, decided };
}
