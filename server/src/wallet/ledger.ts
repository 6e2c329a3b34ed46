import { ErrorCode, SERVER_TEXT } from '@enclave/protocol';
import type { Model } from 'mongoose';
import { AppError } from '../errors.ts';
import { limit } from '../limit.ts';
import type { DomainEvents } from '../realtime/domain-events.ts';
import {
  appendAfter,
  claimOnce,
  type Database,
  firstSince,
  headOf,
  intent,
  isDuplicateKey,
  readById,
  readItem,
  readLast,
  type StorageContext,
} from '../storage/index.ts';
import { listByType } from './ledger-by-type.ts';
import { isEscrowAccount, ledgerKeys, ledgerList } from './ledger-keys.ts';
import {
  creditKey,
  creditTypeOf,
  type EntryType,
  isCreditSide,
  type LedgerEntry,
  type LedgerItem,
  MOVEMENTS,
  type MovementItem,
  type Receipt,
} from './ledger-model.ts';
import { walletModels } from './models.ts';

/**
 * What the wallet's rules use: the database and the storage module's lists (`StorageContext`), and the domain events
 * they publish once coins moved (`wallet.balance`, `coins.moved`); they listen to none. The app is one; a unit test
 * builds one without it (`ledger-rules.test.ts`).
 */
export interface WalletContext extends StorageContext {
  events: Pick<DomainEvents, 'publish'>;
}

export interface Movement {
  account: number;
  /** Signed coins: negative debits, positive credits. */
  amount: number;
  /** Idempotency key: the same key never moves coins twice (e.g. `unlock:{userId}:{threadId}`). */
  key: string;
  type: EntryType;
  reference?: string;
  creditTo?: number;
  /** A coin purchase's payment, as the history shows it. */
  receipt?: Receipt;
}

export interface MovementResult {
  entry: LedgerEntry;
  /** True when this key had already moved: nothing happened now. */
  replayed: boolean;
}

export const insufficientCoins = (needed: number, balance: number) =>
  new AppError(402, ErrorCode.InsufficientCoins, SERVER_TEXT.insufficientCoins, { needed, balance });

type Entries = Model<LedgerItem>;
const entries = (app: Database) => walletModels(app).LedgerEntry as unknown as Entries;
type Movements = Model<MovementItem>;
const movements = (app: Database) => walletModels(app).Movement as unknown as Movements;

/**
 * A movement under way, under its key: recorded before its entry, done once its entry, its copy by type, its place in
 * the movements list and its pointer are written (all but the entry just after the answer). Only these keys can have
 * an entry without a pointer (a crash), and the start-up sweep (`finishIntents`) finishes them. Its `begin` is also the
 * decision between two writers of one key.
 */
interface MovementUnderWay {
  key: string;
  account: number;
  /** When it was begun (ms): a movement that never happened may still be under way in another process. */
  since: number;
}
export const ledgerMove = intent<MovementUnderWay, StorageContext>('ledger-move', (app, moving) =>
  finishMovement(app, moving),
);

/**
 * A debit owed to a seller (or an escrow, a member given coins back), under the debit's key: recorded before the
 * debit, done at its credit (or its refund). A crash between the two leaves it, and the start-up sweep credits the
 * seller then, exactly once.
 */
interface SaleOwed {
  key: string;
  since: number;
}
export const sellerCredit = intent<SaleOwed, WalletContext>('seller-credit', (app, sale) => creditOwed(app, sale));

/** An entry as the code reads it: without the keyed list's bookkeeping. */
function entryOf(item: LedgerEntry): LedgerEntry {
  const { _id, list, n, ...entry } = item;
  return entry;
}

/**
 * The head entry of an account, or null, by key: where this process has seen the head, it and the next are read in one
 * round trip (the head unless the next exists), and the next movement here is made on it without a read.
 */
export async function ledgerHead(app: StorageContext, account: number): Promise<LedgerEntry | null> {
  return readLast(app, entries(app), ledgerList(account));
}

/** The balance is the head entry's balanceAfter; an account with no entries holds 0. */
export async function balanceOf(app: StorageContext, account: number): Promise<number> {
  return (await ledgerHead(app, account))?.balanceAfter ?? 0;
}

/**
 * The entry movement `key` made, or null: its pointer, one point read. A key with no pointer is a
 * movement that never happened, unless one is under way or a crash cut it short (its `ledgerMove` intent
 * says so): only then is the ledger searched by key.
 */
export async function movementByKey(app: Database, key: string): Promise<LedgerEntry | null> {
  const pointer = await readById<{ entry: LedgerEntry }>(walletModels(app).LedgerKey, key);
  if (pointer) return pointer.entry;
  if (await ledgerMove.pending(app, key)) return searchByKey(app, key);
  // No intent: never moved, or finished between the two reads (its pointer is written before its intent goes).
  return (await readById<{ entry: LedgerEntry }>(walletModels(app).LedgerKey, key))?.entry ?? null;
}

/** The rare search: a movement whose pointer a crash (or a writer still at work) has not written yet. */
async function searchByKey(app: Database, key: string): Promise<LedgerEntry | null> {
  const found = await walletModels(app).LedgerEntry.findOne({ key }).lean<LedgerEntry>();
  return found ? entryOf(found) : null;
}

/**
 * Moves coins on one account: appends entry head + 1 to the account's keyed list after checking the
 * balance of the head it extends. A movement that took that seq first makes the unique `_id` refuse
 * this one, which re-reads the new head and checks again; the unique `key` index refuses a second
 * movement of one key, which is answered, not repeated. Correct on FerretDB, where conditional
 * updates are not atomic. Costs a few point reads and inserts, however long the ledger.
 */
export async function move(app: WalletContext, movement: Movement): Promise<MovementResult> {
  const since = Date.now();
  const owed = movement.creditTo !== null && movement.creditTo !== undefined;
  // The pointer alone answers a replay (one whose pointer is missing is refused below by the unique key, and
  // answered); it is read while the intents are recorded, which a replay then clears if they are its own. The
  // account's head entry is read meanwhile too, so the append that follows is made on it and only inserts.
  const [done, alone, owing] = await Promise.all([
    readById<{ entry: LedgerEntry }>(walletModels(app).LedgerKey, movement.key),
    ledgerMove.begin(app, movement.key, { key: movement.key, account: movement.account, since }),
    owed ? sellerCredit.begin(app, movement.key, { key: movement.key, since }) : false,
    readLast(app, entries(app), ledgerList(movement.account)),
  ]);
  if (done) {
    app.afterwards('replayed movement not cleared', () =>
      Promise.all([alone && ledgerMove.done(app, movement.key), owing && sellerCredit.done(app, movement.key)]),
    );
    return { entry: done.entry, replayed: true };
  }
  // The answer waits for the entry alone. Its settling (`settleMovement`) starts in the ledger's turn, so its listing
  // by type keeps the ledger's order, and ends after the answer: a movement cut short before its pointer is settled
  // by the sweep (`finishMovement`), and a replay meanwhile finds its entry by key.
  const settled = {
    alongside: async (item: LedgerItem) =>
      app.afterwards('movement not settled', () => settleMovement(app, entryOf(item))),
    answerOnceStored: true,
  };
  let entry: LedgerEntry;
  let checkedSeq = 0;
  try {
    entry = entryOf(
      await appendAfter(
        app,
        entries(app),
        ledgerList(movement.account),
        (seq, head) => {
          checkedSeq = seq - 1;
          const balance = head?.balanceAfter ?? 0;
          if (balance + movement.amount < 0) throw insufficientCoins(-movement.amount, balance);
          return {
            account: movement.account,
            seq,
            amount: movement.amount,
            balanceAfter: balance + movement.amount,
            key: movement.key,
            type: movement.type,
            reference: movement.reference ?? null,
            creditTo: movement.creditTo ?? null,
            receipt: movement.receipt ?? null,
            createdAt: new Date(),
          };
        },
        settled,
      ),
    );
  } catch (error) {
    // Refused by the unique key, or by a balance this movement itself lowered: it happened already (another
    // request, another process, or before a crash that left its intent), and is answered.
    const moved =
      isDuplicateKey(error) || !alone
        ? await searchByKey(app, movement.key)
        : await recentEntryOf(app, movement.account, checkedSeq, movement.key);
    if (moved) return { entry: moved, replayed: true };
    if (alone) await abandon(app, movement.key);
    throw error;
  }
  // An escrow is no member: nobody's balance to show, nobody's activity to log.
  if (!isEscrowAccount(entry.account)) {
    app.events.publish('wallet.balance', { userId: entry.account, balance: entry.balanceAfter });
    app.events.publish('coins.moved', { entry });
  }
  return { entry, replayed: false };
}

/** How far back a refused movement looks for a concurrent writer of its own key. */
const RECENT_ENTRIES = 10;

/**
 * The entry of `key` among the last entries up to `seq`, by point reads. Two writers of one key (a payout settled by
 * a request and a sweep at once) both check the balance; the one whose insert comes second may find the balance
 * already lowered by the first, whose entry is then among the last few it checked: answered, not refused.
 */
async function recentEntryOf(app: Database, account: number, seq: number, key: string) {
  const recent = await Promise.all(
    Array.from({ length: Math.min(seq, RECENT_ENTRIES) }, (_, i) =>
      readItem(entries(app), ledgerList(account), seq - i),
    ),
  );
  const found = recent.find((item) => item?.key === key);
  return found ? entryOf(found) : null;
}

/** A refused movement leaves no intent behind. */
async function abandon(app: Database, key: string): Promise<void> {
  await Promise.all([ledgerMove.done(app, key), sellerCredit.done(app, key)]);
}

/**
 * After the entry: its copy listed under its type (first, so that copies keep the ledger's order), its place in the
 * movements list (unless it has one: a movement a crash cut short may), then its pointer; then the intent goes.
 */
async function settleMovement(app: StorageContext, entry: LedgerEntry, counted = isCreditSide(entry)): Promise<void> {
  await listByType(app, entry);
  await Promise.all([
    counted ? null : countMovement(app, entry),
    claimOnce(walletModels(app).LedgerKey, { _id: entry.key, entry }),
  ]);
  await ledgerMove.done(app, entry.key);
}

async function countMovement(app: StorageContext, entry: LedgerEntry): Promise<void> {
  const count = (_n: number, previous: MovementItem | null) => ({
    key: entry.key,
    createdAt: entry.createdAt,
    coinsSold: (previous?.coinsSold ?? 0) + (entry.type === 'coin_purchase' ? entry.amount : 0),
  });
  await appendAfter(app, movements(app), MOVEMENTS, count);
}

interface Payment {
  buyer: number;
  seller: number;
  amount: number;
  key: string;
  type: EntryType;
  reference: string;
}

const debitOf = (app: WalletContext, payment: Payment) =>
  move(app, {
    account: payment.buyer,
    amount: -payment.amount,
    key: payment.key,
    type: payment.type,
    reference: payment.reference,
    creditTo: payment.seller,
  });

/**
 * A payment between accounts: the buyer's debit, then the seller's credit under its own key, both done when it
 * returns (an escrow's payout, a contribution given back). The debit's `sellerCredit` intent, recorded before it,
 * stays until the credit: a crash between the two leaves it for the start-up sweep.
 */
export async function pay(app: WalletContext, payment: Payment): Promise<MovementResult> {
  const debit = await debitOf(app, payment);
  await completeSale(app, debit.entry);
  return debit;
}

/**
 * Sellers' credits, two at a time: twenty buyers of twenty sellers at once made twenty credits (some dozen writes
 * each) compete with the next buyers' debits on the one writer (20 purchases at once from 20 sellers 56-63 -> 46-47 ms
 * p50 in alternating runs; one seller 50 -> 46). A burst's last credit lands later; the `sellerCredit` intent keeps
 * each one owed across a crash until it does.
 */
const credits = limit(2);

/**
 * A member's purchase from another member: as `pay`, but the buyer is answered once debited, and the seller is
 * credited right after (a few milliseconds, `credits` two at a time; their balance is pushed then). The buyer's answer
 * waits for half the writes, and many buyers of one seller do not queue behind each other's credits. The `sellerCredit` intent makes
 * the credit happen across a crash, as it does for `pay`.
 */
export async function sell(app: WalletContext, payment: Payment): Promise<MovementResult> {
  const debit = await debitOf(app, payment);
  app.afterwards('sale not credited', () => credits.add(() => completeSale(app, debit.entry)));
  return debit;
}

/** The credit side of a debit that carries `creditTo` (a seller, an escrow, …); idempotent by its key. */
export async function completeSale(app: WalletContext, debit: LedgerEntry) {
  if (debit.creditTo === null || debit.creditTo === undefined) return;
  await move(app, {
    account: debit.creditTo,
    amount: -debit.amount,
    key: creditKey(debit.key),
    type: creditTypeOf(debit.type),
    reference: debit.reference ?? undefined,
  });
  await sellerCredit.done(app, debit.key);
}

/** An intent younger than this may belong to a movement another process is making right now. */
const IN_FLIGHT_MS = 10 * 60_000;
const isStale = (since: number) => Date.now() - since > IN_FLIGHT_MS;

/**
 * A movement a crash cut short (`ledgerMove`'s finish): after its entry, it gets its place in the movements list
 * (once) and its pointer. One that never happened is forgotten once no process can still be making it; until then it
 * stays ('later').
 */
async function finishMovement(app: StorageContext, { key, since }: MovementUnderWay): Promise<'later' | undefined> {
  if (await readById(walletModels(app).LedgerKey, key)) return;
  const entry = await searchByKey(app, key);
  if (!entry) return isStale(since) ? undefined : 'later';
  await settleMovement(app, entry, isCreditSide(entry) || (await isCounted(app, key)));
}

/** Whether a movement cut short is already in the movements list: it would be among the last ones. */
async function isCounted(app: StorageContext, key: string): Promise<boolean> {
  const head = await headOf(app, movements(app), MOVEMENTS);
  const recent = await Promise.all(
    Array.from({ length: Math.min(head, 200) }, (_, i) => readItem(movements(app), MOVEMENTS, head - i)),
  );
  return recent.some((item) => item?.key === key);
}

/**
 * A sale a crash left owed (`sellerCredit`'s finish), so that every debit owed to a seller, and not refunded, gets
 * its credit exactly once: credited already (the intent's removal was lost), refunded, or owed: credited now. One
 * whose debit is not found may still be under way in another process ('later'), until no process can be.
 */
async function creditOwed(app: WalletContext, { key, since }: SaleOwed): Promise<'later' | undefined> {
  if (await readById(walletModels(app).LedgerKey, creditKey(key))) return;
  const debit = await movementByKey(app, key);
  if (!debit) return isStale(since) ? undefined : 'later';
  if (await movementByKey(app, ledgerKeys.refund(key))) return;
  await completeSale(app, debit);
}

/** Gives back a debit that bought nothing (a group-buy place lost after paying), before any sale credit. */
export async function refund(app: WalletContext, debit: LedgerEntry): Promise<void> {
  await move(app, {
    account: debit.account,
    amount: -debit.amount,
    key: ledgerKeys.refund(debit.key),
    type: 'refund',
    reference: debit.reference ?? undefined,
  });
  await sellerCredit.done(app, debit.key);
}

/**
 * Admin stats: the movements (a sale's seller side excluded) and the coins sold since `since` (all time
 * for null). The movements list's items carry running totals and are in time order, so a search of
 * point reads finds the last one before `since`.
 */
export async function ledgerStats(
  app: StorageContext,
  since: Date | null,
): Promise<{ totalTransactions: number; totalCoins: number }> {
  const model = movements(app);
  const head = await headOf(app, model, MOVEMENTS);
  const last = head > 0 ? await readItem(model, MOVEMENTS, head) : null;
  const first = since && last ? await firstSince(app, model, MOVEMENTS, since, head) : 1;
  const before = first > 1 ? await readItem(model, MOVEMENTS, first - 1) : null;
  return {
    totalTransactions: head - (before?.n ?? 0),
    totalCoins: (last?.coinsSold ?? 0) - (before?.coinsSold ?? 0),
  };
}
