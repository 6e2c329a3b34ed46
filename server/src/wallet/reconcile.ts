import type { StorageContext } from '../storage/index.ts';
import { creditKey, type LedgerEntry } from './ledger-model.ts';
import { walletModels } from './models.ts';

/** What a reconciliation read: every entry, by account in order, and the coins members hold in all. */
export interface LedgerReading {
  entries: LedgerEntry[];
  byAccount: Map<number, LedgerEntry[]>;
  /** The sum of every member's balance (escrows, negative accounts, aside). */
  memberCoins: number;
  /** Each broken rule, said in words; none when the ledger reconciles. */
  problems: string[];
}

/**
 * Reads the whole ledger and checks its rules: each account's entries run 1..n with no gap, each `balanceAfter` is
 * the running sum and never below zero, and every debit owed to a seller is settled exactly once (credited, or
 * refunded) for its amount. A scan of the ledger: for tests, the benchmark and an operator, never a route.
 */
export async function reconcileLedger(app: StorageContext): Promise<LedgerReading> {
  const entries = await walletModels(app).LedgerEntry.find().sort({ account: 1, seq: 1 }).lean<LedgerEntry[]>();
  const byAccount = new Map<number, LedgerEntry[]>();
  for (const entry of entries) byAccount.set(entry.account, [...(byAccount.get(entry.account) ?? []), entry]);
  const problems: string[] = [];
  let memberCoins = 0;
  for (const [account, chain] of byAccount) {
    let sum = 0;
    chain.forEach((entry, index) => {
      sum += entry.amount;
      if (entry.seq !== index + 1) problems.push(`account ${account}: entry ${index + 1} has seq ${entry.seq}`);
      if (entry.balanceAfter !== sum)
        problems.push(`account ${account} seq ${entry.seq}: balanceAfter ${entry.balanceAfter}, the sum is ${sum}`);
      if (entry.balanceAfter < 0) problems.push(`account ${account} seq ${entry.seq}: below zero`);
    });
    if (account > 0) memberCoins += sum;
  }
  const byKey = new Map(entries.map((entry) => [entry.key, entry]));
  for (const debit of entries.filter((entry) => entry.creditTo !== null && entry.creditTo !== undefined)) {
    const settlements = [byKey.get(creditKey(debit.key)), byKey.get(`refund:${debit.key}`)].filter(
      (entry) => entry !== undefined,
    );
    if (settlements.length !== 1 || settlements[0]?.amount !== -debit.amount)
      problems.push(`debit ${debit.key}: settled ${settlements.length} times`);
  }
  return { entries, byAccount, memberCoins, problems };
}
