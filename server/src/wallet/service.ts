import {
  ErrorCode,
  type PaymentStatus,
  TRANSACTIONS_PAGE_SIZE,
  type Transaction,
  type TransactionPage,
  type TransactionsQuery,
} from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import type { Model } from 'mongoose';
import { memberPaymentsHead, paymentByPaymentId, unfinishedPayments } from '../payments/payment-keys.ts';
import { headOf, readRange } from '../storage/index.ts';
import { balanceOf, move, type WalletContext } from './ledger.ts';
import { ledgerByTypeList, ledgerCopies } from './ledger-by-type.ts';
import { ledgerList } from './ledger-keys.ts';
import type { LedgerItem } from './ledger-model.ts';
import { walletModels } from './models.ts';
import { PAYMENT_STATUS_GROUPS, presentEntry, presentPaymentRow } from './presenter.ts';

// Each refused try means a spend lowered the balance meanwhile: progress, so the bound is generous.
const CLOSE_TRIES = 100;

/**
 * Account deletion removes the member's coins: the whole balance leaves in one entry under
 * `close:{userId}`. A spend racing it changes the balance, so the closure re-reads and retries.
 */
export async function closeWallet(app: WalletContext, userId: number): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const balance = await balanceOf(app, userId);
    if (balance === 0) return 0;
    try {
      const { entry } = await move(app, {
        account: userId,
        amount: -balance,
        key: `close:${userId}`,
        type: 'account_closed',
      });
      return -entry.amount;
    } catch (error) {
      if ((error as { code?: unknown }).code !== ErrorCode.InsufficientCoins || attempt >= CLOSE_TRIES) throw error;
    }
  }
}

/**
 * History rows sort newest first by (createdAt, source, number): ledger entries (source 1, numbered by
 * seq) before payments (source 0, numbered by id) within one millisecond. Both come from keyed lists read
 * backwards from a position: the member's ledger, or its copies of the filter's type (`ledger-by-type.ts`), and the
 * member's payments, whose finished ones are skipped unread. The cursor is the next position in each, so pages
 * neither repeat nor skip rows, and each page costs its own rows, whatever the filter.
 */
const ENTRY = 1;
const PAYMENT = 0;

interface Row {
  key: readonly [number, number, number];
  /** The row's position in its list. */
  position: number;
  present: () => Transaction;
}

function parseCursor(cursor: string | undefined): { entries: number; payments: number } | null {
  if (!cursor) return null;
  const [entries, payments] = cursor.split('-').map(Number);
  return { entries: entries as number, payments: payments as number };
}

/** The list a query's ledger rows come from: the ledger, or its copies of one type; none for payments alone. */
function entryList(app: FastifyInstance, userId: number, query: TransactionsQuery) {
  if (query.status && query.status !== 'completed') return null;
  if (query.type) return { model: ledgerCopies(app), list: ledgerByTypeList(userId, query.type) };
  return { model: walletModels(app).LedgerEntry as unknown as Model<LedgerItem>, list: ledgerList(userId) };
}

function paymentStatuses(query: TransactionsQuery): readonly PaymentStatus[] | null {
  if (query.status === 'completed' || (query.type && query.type !== 'purchase')) return null;
  return query.status
    ? PAYMENT_STATUS_GROUPS[query.status]
    : [...PAYMENT_STATUS_GROUPS.pending, ...PAYMENT_STATUS_GROUPS.failed];
}

async function entryRows(app: FastifyInstance, userId: number, query: TransactionsQuery, from: number, want: number) {
  const source = entryList(app, userId, query);
  if (!source) return { rows: [], next: 0 };
  const first = Math.max(1, from - want + 1);
  const items = (await readRange(app, source.model, source.list, first, from, from)).reverse();
  const next = first - 1;
  // A coin purchase carries its payment's receipt; one written before receipts reads the payment.
  const paymentIdOf = (entry: LedgerItem) =>
    !entry.receipt && entry.reference?.startsWith('payment:') ? entry.reference.slice(8) : null;
  const credited = [...new Set(items.flatMap((entry) => paymentIdOf(entry) ?? []))];
  const paid = await Promise.all(credited.map((paymentId) => paymentByPaymentId(app, paymentId)));
  const paymentsById = new Map(paid.flatMap((p) => (p ? [[p.paymentId, p] as const] : [])));
  const rows = items.map(
    (entry): Row => ({
      key: [entry.createdAt.getTime(), ENTRY, entry.seq],
      position: entry.n,
      present: () => presentEntry(entry, entry.receipt ?? paymentsById.get(paymentIdOf(entry) ?? '')),
    }),
  );
  return { rows, next };
}

async function paymentRows(app: FastifyInstance, userId: number, query: TransactionsQuery, from: number, want: number) {
  const statuses = paymentStatuses(query);
  if (!statuses) return { rows: [], next: 0 };
  const { payments, next } = await unfinishedPayments(app, userId, from, want, (payment) =>
    statuses.includes(payment.status),
  );
  const rows = payments.map(
    ({ payment, position }): Row => ({
      key: [payment.createdAt.getTime(), PAYMENT, payment.id],
      position,
      present: () => presentPaymentRow(payment),
    }),
  );
  return { rows, next };
}

/** Where a list's next page starts: its first row not shown, or where its reading stopped. */
function nextPosition(rows: Row[], shown: Set<Row>, next: number): number {
  const first = rows.find((row) => !shown.has(row));
  return first ? first.position : next;
}

/** The first page starts at the heads of both lists. */
async function heads(app: FastifyInstance, userId: number, query: TransactionsQuery) {
  const source = entryList(app, userId, query);
  const [entries, payments] = await Promise.all([
    source ? headOf(app, source.model, source.list) : 0,
    memberPaymentsHead(app, userId),
  ]);
  return { entries, payments };
}

/** The member's ledger, presented, with their pending and failed payments: newest first, by pages. */
export async function listTransactions(
  app: FastifyInstance,
  userId: number,
  query: TransactionsQuery,
): Promise<TransactionPage> {
  const limit = query.limit ?? TRANSACTIONS_PAGE_SIZE;
  const cursor = parseCursor(query.cursor) ?? (await heads(app, userId, query));
  const [entries, payments] = await Promise.all([
    entryRows(app, userId, query, cursor.entries, limit + 1),
    paymentRows(app, userId, query, cursor.payments, limit + 1),
  ]);
  const rows = [...entries.rows, ...payments.rows].sort(
    (a, b) => b.key[0] - a.key[0] || b.key[1] - a.key[1] || b.key[2] - a.key[2],
  );
  const page = rows.slice(0, limit);
  const shown = new Set(page);
  return {
    transactions: page.map((row) => row.present()),
    nextCursor:
      rows.length > limit
        ? `${nextPosition(entries.rows, shown, entries.next)}-${nextPosition(payments.rows, shown, payments.next)}`
        : null,
  };
}
