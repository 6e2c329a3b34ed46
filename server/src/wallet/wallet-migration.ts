import type { FastifyInstance } from 'fastify';
import type { Collection, Model, mongo } from 'mongoose';
import { deleteByIds, internalId, isDuplicateKey } from '../db/ids.ts';
import { headOf, importList } from '../db/keyed-list.ts';
import type { Migration } from '../db/migrations.ts';
import { paymentItems } from '../payments/payment-keys.ts';
import { type PaymentRecord, paymentList } from '../payments/payment-model.ts';
import { type LedgerEntry, type LedgerItem, ledgerList, MOVEMENTS, type MovementItem } from './ledger-model.ts';

/**
 * The wallet as it was stored before it was read by key (ledger entries, payments, outcomes and wallet
 * settings under ObjectIds, found by filters), converted: each account's ledger becomes its keyed list
 * (its chain checked first), every movement gets its pointer and its place in the movements list, every
 * sale left unfinished its marker; payments get their pointers, their members' lists and the staff
 * queue's markers; outcomes and settings move under their keys. Each step writes under derived keys
 * and skips what is there, and the old documents go last, so a crash part-way is finished by the next
 * start.
 */
export const walletByKey: Migration = {
  name: '2026-11-wallet-by-key',
  async run(app, progress) {
    const ledger = await convertLedger(app, progress);
    await convertPayments(app);
    await rekey(app.models.PaymentOutcome.collection, ['paymentId_1'], (doc) => doc.paymentId);
    await rekey(app.models.WalletSetting.collection, ['id_1', 'currency_1'], (doc) => doc.currency, ['id']);
    progress(ledger, ledger);
  },
};

async function dropIndexes(collection: Collection, names: string[]): Promise<void> {
  for (const name of names) await collection.dropIndex(name).catch(() => undefined);
}

async function insertAll(collection: Collection, documents: mongo.Document[]): Promise<void> {
  if (documents.length === 0) return;
  try {
    await collection.insertMany(documents, { ordered: false });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
}

/** A ledger that does not add up stops the start: converting it would carry coins from nowhere. */
export function checkChain(account: number, chain: LedgerEntry[]): void {
  let balance = 0;
  for (const [index, entry] of chain.entries()) {
    const broken = (problem: string) =>
      new Error(`ledger of account ${account} is broken at entry ${entry.seq}: ${problem}`);
    if (entry.seq !== index + 1) throw broken(`expected entry ${index + 1}`);
    balance += entry.amount;
    if (entry.balanceAfter !== balance) throw broken(`balance ${entry.balanceAfter}, expected ${balance}`);
    if (balance < 0) throw broken('balance below zero');
  }
}

const bySeq = (a: LedgerEntry, b: LedgerEntry) => a.seq - b.seq;

/** Answers how many old entries it converted. */
async function convertLedger(app: FastifyInstance, progress: (done: number, total: number) => void): Promise<number> {
  const collection = app.models.LedgerEntry.collection;
  const all = (await collection.find().toArray()) as unknown as (LedgerEntry & { _id: unknown })[];
  const old = all.filter((doc) => typeof doc._id !== 'string');
  if (old.length === 0) return 0;
  // Old and new documents of one entry share its key while both exist; the index comes back at the end.
  await dropIndexes(collection, ['key_1', 'account_1_seq_-1', 'creditTo_1']);

  // Every entry once (a converted one wins over its old copy), by account in seq order.
  const chains = new Map<number, Map<number, LedgerEntry>>();
  for (const doc of [...old, ...all.filter((d) => typeof d._id === 'string')]) {
    const { _id, list, n, ...entry } = doc as LedgerItem & { __v?: number };
    delete (entry as { __v?: number }).__v;
    const chain = chains.get(entry.account) ?? new Map<number, LedgerEntry>();
    chain.set(entry.seq, entry);
    chains.set(entry.account, chain);
  }
  const entries: LedgerEntry[] = [];
  for (const [account, chain] of chains) {
    const ordered = [...chain.values()].sort(bySeq);
    checkChain(account, ordered);
    entries.push(...ordered);
  }

  const model = app.models.LedgerEntry as unknown as Model<LedgerItem>;
  let done = 0;
  for (const [account, chain] of chains) {
    const ordered = [...chain.values()].sort(bySeq);
    await importList(app, model, ledgerList(account), ordered);
    const balance = ordered.at(-1)?.balanceAfter ?? 0;
    await app.models.User.updateOne({ _id: internalId(account) }, { $set: { coinBalance: balance } });
    done += ordered.length;
    progress(done, entries.length);
  }
  await insertAll(
    app.models.LedgerKey.collection,
    entries.map((entry) => ({ _id: entry.key as never, entry })),
  );
  await countMovements(app, entries);
  await markUnfinishedSales(app, entries);
  await deleteByIds(
    collection,
    old.map((doc) => doc._id),
  );
  await app.models.LedgerEntry.createIndexes();
  return old.length;
}

/** The movements list, in time order, with its running totals (a sale's seller side is not a movement of its own). */
async function countMovements(app: FastifyInstance, entries: LedgerEntry[]): Promise<void> {
  const model = app.models.Movement as unknown as Model<MovementItem>;
  if ((await headOf(app, model, MOVEMENTS)) > 0) return;
  const movements = entries
    .filter((entry) => entry.type !== 'sale')
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.account - b.account || a.seq - b.seq);
  let coinsSold = 0;
  await importList(
    app,
    model,
    MOVEMENTS,
    movements.map((entry) => {
      coinsSold += entry.type === 'coin_purchase' ? entry.amount : 0;
      return { key: entry.key, createdAt: entry.createdAt, coinsSold };
    }),
  );
}

/** A debit owed to a seller with neither its credit nor its refund: the start-up sweep completes it. */
async function markUnfinishedSales(app: FastifyInstance, entries: LedgerEntry[]): Promise<void> {
  const keys = new Set(entries.map((entry) => entry.key));
  const unfinished = entries.filter(
    (entry) =>
      entry.creditTo !== null &&
      entry.creditTo !== undefined &&
      !keys.has(`sale:${entry.key}`) &&
      !keys.has(`refund:${entry.key}`),
  );
  await insertAll(
    app.models.UnfinishedSale.collection,
    unfinished.map((entry) => ({ _id: entry.key as never, createdAt: entry.createdAt })),
  );
}

async function convertPayments(app: FastifyInstance): Promise<void> {
  const payments = await app.models.Payment.find().lean<PaymentRecord[]>();
  const members = new Map<number, PaymentRecord[]>();
  for (const payment of payments) members.set(payment.userId, [...(members.get(payment.userId) ?? []), payment]);
  for (const [userId, own] of members) {
    own.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
    const listed = await headOf(app, paymentItems(app), paymentList(userId));
    if (listed < own.length)
      await importList(
        app,
        paymentItems(app),
        paymentList(userId),
        own.map(({ id }) => ({ id })),
      );
  }
  for (const payment of payments) {
    await app.models.PaymentKey.updateOne({ _id: payment.paymentId }, { $set: { id: payment.id } }, { upsert: true });
  }
  await insertAll(
    app.models.OpenPayment.collection,
    payments
      .filter((payment) => payment.provider === 'self-custody' && payment.status === 'waiting')
      .map((payment) => ({ _id: payment.paymentId as never, createdAt: payment.createdAt })),
  );
}

/**
 * Moves each document stored under an ObjectId to `_id` keyOf(document): the unique indexes that named the
 * key go first (old and new copies coexist for a moment), then the copies, then the old documents.
 */
async function rekey(
  collection: Collection,
  indexes: string[],
  keyOf: (doc: mongo.Document) => unknown,
  dropFields: string[] = [],
): Promise<void> {
  const old = (await collection.find().toArray()).filter((doc) => typeof doc._id !== 'string');
  if (old.length === 0) return;
  await dropIndexes(collection, indexes);
  await insertAll(
    collection,
    old.map((doc) => {
      const copy: mongo.Document = { ...doc, _id: keyOf(doc) };
      for (const field of dropFields) delete copy[field];
      return copy;
    }),
  );
  await deleteByIds(
    collection,
    old.map((doc) => doc._id),
  );
}
