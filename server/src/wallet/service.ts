import { ErrorCode, TRANSACTIONS_PAGE_SIZE, type TransactionPage, type TransactionsQuery } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import type { QueryFilter } from 'mongoose';
import type { PaymentRecord } from '../payments/payment-model.ts';
import { balanceOf, move } from './ledger.ts';
import type { LedgerEntry } from './ledger-model.ts';
import { PAYMENT_STATUS_GROUPS, presentEntry, presentPaymentRow, UNLOCK_ENTRY_TYPES } from './presenter.ts';

// Each refused try means a spend lowered the balance meanwhile: progress, so the bound is generous.
const CLOSE_TRIES = 100;

/**
 * Account deletion removes the member's coins: the whole balance leaves in one entry under
 * `close:{userId}`. A spend racing it changes the balance, so the closure re-reads and retries.
 */
export async function closeWallet(app: FastifyInstance, userId: number): Promise<number> {
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
 * History rows sort newest first by (createdAt, source, number): ledger entries (source 1,
 * numbered by seq) before payments (source 0, numbered by id) within one millisecond. The
 * cursor is the last row's key, so pages neither repeat nor skip rows across both sources.
 */
interface Cursor {
  at: Date;
  source: 0 | 1;
  n: number;
}
const ENTRY = 1;
const PAYMENT = 0;

function parseCursor(cursor: string | undefined): Cursor | null {
  if (!cursor) return null;
  const [at, source, n] = cursor.split('-').map(Number);
  return { at: new Date(at as number), source: source === ENTRY ? ENTRY : PAYMENT, n: n as number };
}

function entryFilter(userId: number, query: TransactionsQuery, cursor: Cursor | null): QueryFilter<LedgerEntry> | null {
  if (query.status && query.status !== 'completed') return null;
  const filter: QueryFilter<LedgerEntry> = { account: userId };
  if (query.type === 'purchase') filter.type = 'coin_purchase';
  if (query.type === 'unlock_content') filter.type = { $in: UNLOCK_ENTRY_TYPES };
  if (query.type === 'other') filter.type = { $nin: ['coin_purchase', ...UNLOCK_ENTRY_TYPES] };
  if (cursor) {
    filter.$or = [
      { createdAt: { $lt: cursor.at } },
      ...(cursor.source === ENTRY ? [{ createdAt: cursor.at, seq: { $lt: cursor.n } }] : []),
    ];
  }
  return filter;
}

function paymentFilter(
  userId: number,
  query: TransactionsQuery,
  cursor: Cursor | null,
): QueryFilter<PaymentRecord> | null {
  if (query.status === 'completed' || (query.type && query.type !== 'purchase')) return null;
  const statuses = query.status
    ? PAYMENT_STATUS_GROUPS[query.status]
    : [...PAYMENT_STATUS_GROUPS.pending, ...PAYMENT_STATUS_GROUPS.failed];
  const filter: QueryFilter<PaymentRecord> = { userId, status: { $in: statuses } };
  if (cursor) {
    filter.$or =
      cursor.source === ENTRY
        ? [{ createdAt: { $lte: cursor.at } }]
        : [{ createdAt: { $lt: cursor.at } }, { createdAt: cursor.at, id: { $lt: cursor.n } }];
  }
  return filter;
}

/** The member's ledger, presented, with their pending and failed payments: newest first, by pages. */
export async function listTransactions(
  app: FastifyInstance,
  userId: number,
  query: TransactionsQuery,
): Promise<TransactionPage> {
  const limit = query.limit ?? TRANSACTIONS_PAGE_SIZE;
  const cursor = parseCursor(query.cursor);
  const byEntries = entryFilter(userId, query, cursor);
  const byPayments = paymentFilter(userId, query, cursor);
  const [entries, payments] = await Promise.all([
    byEntries
      ? app.models.LedgerEntry.find(byEntries)
          .sort({ createdAt: -1, seq: -1 })
          .limit(limit + 1)
          .lean<LedgerEntry[]>()
      : [],
    byPayments
      ? app.models.Payment.find(byPayments)
          .sort({ createdAt: -1, id: -1 })
          .limit(limit + 1)
          .lean<PaymentRecord[]>()
      : [],
  ]);

  const credited = entries.flatMap((e) => (e.reference?.startsWith('payment:') ? [e.reference.slice(8)] : []));
  const paid = credited.length
    ? await app.models.Payment.find({ paymentId: { $in: credited } }).lean<PaymentRecord[]>()
    : [];
  const paymentsById = new Map(paid.map((p) => [p.paymentId, p]));

  const rows = [
    ...entries.map((entry) => ({
      key: [entry.createdAt.getTime(), ENTRY, entry.seq] as const,
      row: presentEntry(entry, paymentsById.get(entry.reference?.slice(8) ?? '')),
    })),
    ...payments.map((payment) => ({
      key: [payment.createdAt.getTime(), PAYMENT, payment.id] as const,
      row: presentPaymentRow(payment),
    })),
  ].sort((a, b) => b.key[0] - a.key[0] || b.key[1] - a.key[1] || b.key[2] - a.key[2]);

  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    transactions: page.map((r) => r.row),
    nextCursor: rows.length > limit && last ? last.key.join('-') : null,
  };
}
