import { expect } from 'vitest';
import type { App } from '../app.ts';
import { groupBuyModels } from '../group-buys/models.ts';
import { reconcileLedger } from '../wallet/reconcile.ts';

/**
 * The ledger's invariants, checked after every race: each account's entries run 1..n with no
 * gap, each balanceAfter is the running sum and never negative, and the balance shown
 * (GET /api/user) equals the sum of the member's entries. Each group buy's escrow holds exactly its
 * open contributions, and once it has ended it paid out or gave back, never both.
 */
export async function expectLedgerReconciles(app: App): Promise<void> {
  // Sellers are credited just after the buyer's answer (`sell`): the ledger is judged once that work is done.
  await app.settled();
  const { entries, byAccount, problems } = await reconcileLedger(app);
  expect(problems).toEqual([]);
  for (const [account, chain] of byAccount) {
    if (account < 0) await expectEscrowHoldsOpenContributions(app, -account, entries, chain.at(-1)?.balanceAfter ?? 0);
  }
}

type Entry = { key: string; account: number; amount: number; creditTo?: number | null };

/**
 * The escrow of group buy `threadId` against its places: while open it holds every paid place's contribution (the
 * ones made since escrow); completed, it paid them all to the organiser in one movement; expired or cancelled, it
 * gave each back to its contributor. Either way it is then empty.
 */
async function expectEscrowHoldsOpenContributions(app: App, threadId: number, entries: Entry[], balance: number) {
  const account = -threadId;
  const places = await groupBuyModels(app)
    .GroupBuyPlace.find({ threadId, place: { $gt: 0 } })
    .lean();
  const outcome = await groupBuyModels(app).GroupBuyOutcome.findById(String(threadId)).lean();
  const escrowed = places
    .map((place) => entries.find((e) => e.key === `groupbuy:${place.userId}:${threadId}`))
    .filter((debit): debit is Entry => debit?.creditTo === account);
  const contributed = escrowed.reduce((sum, debit) => sum - debit.amount, 0);
  const payouts = entries.filter((e) => e.key === `groupbuy-payout:${threadId}`);
  const returns = entries.filter((e) => e.account === account && e.key.startsWith('groupbuy-return:'));
  expect(balance, `escrow of group buy ${threadId}`).toBe(outcome ? 0 : contributed);
  if (outcome?.status === 'completed') {
    expect(
      payouts.map((e) => e.amount),
      `payout of group buy ${threadId}`,
    ).toEqual(contributed > 0 ? [-contributed] : []);
    expect(returns, `returns of completed group buy ${threadId}`).toEqual([]);
  } else {
    expect(payouts, `payout of group buy ${threadId}`).toEqual([]);
    const returned = returns.map((e) => e.key).sort();
    const owed = outcome ? escrowed.map((debit) => `groupbuy-return:${debit.account}:${threadId}`).sort() : [];
    expect(returned, `returns of group buy ${threadId}`).toEqual(owed);
  }
}
