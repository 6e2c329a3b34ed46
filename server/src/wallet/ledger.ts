import { ErrorCode, SERVER_TEXT } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { isDuplicateKey } from '../db/ids.ts';
import { AppError } from '../errors.ts';
import type { EntryType, LedgerEntry } from './ledger-model.ts';

export interface Movement {
  account: number;
  /** Signed coins: negative debits, positive credits. */
  amount: number;
  /** Idempotency key: the same key never moves coins twice (e.g. `unlock:{userId}:{threadId}`). */
  key: string;
  type: EntryType;
  reference?: string;
  creditTo?: number;
}

export interface MovementResult {
  entry: LedgerEntry;
  /** True when this key had already moved: nothing happened now. */
  replayed: boolean;
}

export const insufficientCoins = (needed: number, balance: number) =>
  new AppError(402, ErrorCode.InsufficientCoins, SERVER_TEXT.insufficientCoins, { needed, balance });

/** The balance is the head entry's balanceAfter; an account with no entries holds 0. */
export async function balanceOf(app: FastifyInstance, account: number): Promise<number> {
  const head = await app.models.LedgerEntry.findOne({ account }, { balanceAfter: 1 }).sort({ seq: -1 }).lean();
  return head?.balanceAfter ?? 0;
}

/** The movement made under `key`, or null: whether something was paid, refunded or credited. */
export async function movementByKey(app: FastifyInstance, key: string): Promise<LedgerEntry | null> {
  return app.models.LedgerEntry.findOne({ key }).lean<LedgerEntry>();
}

/**
 * Moves coins on one account. Reads the head, checks the balance, and inserts entry seq + 1:
 * if another movement took that seq first, the unique (account, seq) index refuses this one and
 * it retries from the new head; if the key exists, the movement already happened and is
 * answered, not repeated. Correct on FerretDB, where conditional updates are not atomic.
 */
export async function move(app: FastifyInstance, movement: Movement): Promise<MovementResult> {
  const { LedgerEntry } = app.models;
  for (;;) {
    const done = await LedgerEntry.findOne({ key: movement.key }).lean<LedgerEntry>();
    if (done) return { entry: done, replayed: true };
    const head = await LedgerEntry.findOne({ account: movement.account }).sort({ seq: -1 }).lean<LedgerEntry>();
    const balance = head?.balanceAfter ?? 0;
    if (balance + movement.amount < 0) throw insufficientCoins(-movement.amount, balance);
    const entry: LedgerEntry = {
      account: movement.account,
      seq: (head?.seq ?? 0) + 1,
      amount: movement.amount,
      balanceAfter: balance + movement.amount,
      key: movement.key,
      type: movement.type,
      reference: movement.reference ?? null,
      creditTo: movement.creditTo ?? null,
      createdAt: new Date(),
    };
    try {
      await LedgerEntry.create(entry);
    } catch (error) {
      if (isDuplicateKey(error)) continue;
      throw error;
    }
    app.events.publish('wallet.balance', { userId: entry.account, balance: entry.balanceAfter });
    return { entry, replayed: false };
  }
}

/**
 * A purchase from another member: the buyer's debit, then the seller's credit under its own key.
 * A crash between the two leaves a debit whose credit the start-up sweep completes.
 */
export async function pay(
  app: FastifyInstance,
  payment: { buyer: number; seller: number; amount: number; key: string; type: EntryType; reference: string },
): Promise<MovementResult> {
  const debit = await move(app, {
    account: payment.buyer,
    amount: -payment.amount,
    key: payment.key,
    type: payment.type,
    reference: payment.reference,
    creditTo: payment.seller,
  });
  await completeSale(app, debit.entry);
  return debit;
}

/** The seller's side of a debit that carries `creditTo`; idempotent by its key. */
export async function completeSale(app: FastifyInstance, debit: LedgerEntry) {
  if (debit.creditTo === null || debit.creditTo === undefined) return;
  await move(app, {
    account: debit.creditTo,
    amount: -debit.amount,
    key: `sale:${debit.key}`,
    type: 'sale',
    reference: debit.reference ?? undefined,
  });
}

/**
 * The keys of the debits already settled (credited to their seller, or refunded), read in one pass over the
 * ledger: a start-up sweep that asked once per debit read the ledger once per purchase ever made.
 */
export async function settledDebitKeys(app: FastifyInstance): Promise<Set<string>> {
  const settlements = await app.models.LedgerEntry.find({ type: { $in: ['sale', 'refund'] } }, { key: 1 }).lean();
  return new Set(settlements.map((entry) => entry.key.replace(/^(sale|refund):/, '')));
}

/** Start-up sweep: every debit owed to a seller, and not refunded, gets its credit exactly once. */
export async function completeSellerCredits(app: FastifyInstance): Promise<number> {
  const settled = await settledDebitKeys(app);
  let completed = 0;
  for await (const debit of app.models.LedgerEntry.find({ creditTo: { $ne: null } }).lean<LedgerEntry[]>()) {
    if (settled.has(debit.key)) continue;
    await completeSale(app, debit);
    completed += 1;
  }
  return completed;
}

/** Gives back a debit that bought nothing (a group-buy place lost after paying), before any sale credit. */
export async function refund(app: FastifyInstance, debit: LedgerEntry): Promise<void> {
  await move(app, {
    account: debit.account,
    amount: -debit.amount,
    key: `refund:${debit.key}`,
    type: 'refund',
    reference: debit.reference ?? undefined,
  });
}
