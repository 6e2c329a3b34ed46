import { expect } from 'vitest';
import type { App } from '../app.ts';
import { groupBuyModels } from '../group-buys/models.ts';
import { walletModels } from '../wallet/models.ts';

/**
 * The ledger's invariants, checked after every race: each account's entries run 1..n with no
 * gap, each balanceAfter is the running sum and never negative, and the balance shown
 * (GET /api/user) equals the sum of the member's entries. Each group buy's escrow holds exactly its
 * open contributions, and once it has ended it paid out or gave back, never both.
 */
export async function expectLedgerReconciles(app: App): Promise<void> {
  const entries = await walletModels(app).LedgerEntry.find().sort({ account: 1, seq: 1 }).lean();
  const byAccount = new Map<number, typeof entries>();
  for (const entry of entries) byAccount.set(entry.account, [...(byAccount.get(entry.account) ?? []), entry]);
  for (const [account, chain] of byAccount) {
    let sum = 0;
    chain.forEach((entry, index) => {
      sum += entry.amount;
      expect(entry.seq, `account ${account} seq`).toBe(index + 1);
      expect(entry.balanceAfter, `account ${account} seq ${entry.seq} balanceAfter`).toBe(sum);
      expect(entry.balanceAfter).toBeGreaterThanOrEqual(0);
    });
  }
  // Every seller credit matches its debit, and no debit owed to a seller is left unsettled.
  for (const debit of entries.filter((e) => e.creditTo !== null && e.creditTo !== undefined)) {
    const settlements = entries.filter((e) => e.key === `sale:${debit.key}` || e.key === `refund:${debit.key}`);
    expect(settlements, `settlement of ${debit.key}`).toHaveLength(1);
    expect(settlements[0]?.amount).toBe(-debit.amount);
  }
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
