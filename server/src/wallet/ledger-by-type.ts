import type { TransactionType } from '@enclave/protocol';
import type { Model } from 'mongoose';
import { paymentByPaymentId } from '../payments/payment-keys.ts';
import {
  append,
  type Database,
  importList,
  isDuplicateKey,
  type Migration,
  type StorageContext,
} from '../storage/index.ts';
import { isEscrowAccount } from './ledger-keys.ts';
import type { LedgerEntry, LedgerItem, Receipt } from './ledger-model.ts';
import { walletModels } from './models.ts';
import { transactionTypeOf } from './presenter.ts';

/**
 * A member's ledger by the history's transaction type: the keyed list `ledger:{account}:{type}` holds a copy of each
 * of the account's entries of that type, in the ledger's order, so a filtered page of the history is read from that
 * list (by key: a filter's pages are seldom read) as an unfiltered one is from the ledger's buckets, whatever the mix
 * of types. Entries never change, so a copy never goes stale. The copies' unique `key` (the ledger's schema) lists an entry once, however often its listing is tried
 * (a crash's sweep after the request that wrote it). Escrows have no history, so no lists.
 */
export const ledgerByTypeList = (account: number, type: TransactionType) => `ledger:${account}:${type}`;

type Copies = Model<LedgerItem>;
export const ledgerCopies = (app: Database) => walletModels(app).LedgerByType as unknown as Copies;

/** Lists the entry under its type (once: a second listing is refused by its key, and is done already). */
export async function listByType(app: StorageContext, entry: LedgerEntry): Promise<void> {
  if (isEscrowAccount(entry.account)) return;
  const { _id, list, n, ...copy } = entry;
  try {
    await append(app, ledgerCopies(app), ledgerByTypeList(entry.account, transactionTypeOf(entry.type)), () => copy);
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
}

/** The receipt of the payment a coin purchase credited, read by key (its reference names the payment). */
async function receiptOf(app: StorageContext, entry: LedgerEntry): Promise<Receipt | null> {
  if (entry.receipt || !entry.reference?.startsWith('payment:')) return entry.receipt ?? null;
  const payment = await paymentByPaymentId(app, entry.reference.slice('payment:'.length));
  if (!payment) return null;
  return { payAddress: payment.payAddress, payCurrency: payment.payCurrency, transactionHash: payment.transactionHash };
}

/**
 * The lists for a ledger written before them: every account's entries, read once (a scan, at start, once), copied to
 * their lists in the ledger's order, each coin purchase with its payment's receipt (entries written before receipts
 * lack it). Idempotent: a copy already listed keeps its place (`importList` writes items
 * 1..k under their keys), and the app serves only after it, so no movement is listed meanwhile by this process.
 */
export const ledgerByTypeMigration: Migration = {
  name: 'ledger-by-type',
  async run(app, progress) {
    const entries = await walletModels(app)
      .LedgerEntry.find({ account: { $gt: 0 } })
      .sort({ account: 1, seq: 1 })
      .lean<LedgerItem[]>();
    const lists = new Map<string, LedgerEntry[]>();
    for (const { _id, list, n, ...entry } of entries) {
      const name = ledgerByTypeList(entry.account, transactionTypeOf(entry.type));
      const copies = lists.get(name) ?? [];
      copies.push({ ...entry, receipt: await receiptOf(app, entry) });
      lists.set(name, copies);
    }
    let done = 0;
    for (const [name, copies] of lists) {
      await importList(app, ledgerCopies(app), name, copies);
      done += copies.length;
      progress(done, entries.length);
    }
  },
};
