import type { Model } from 'mongoose';
import {
  append,
  claimOnce,
  type Database,
  deleteList,
  findByNumericId,
  headOf,
  importList,
  insertWithId,
  type ListItem,
  type Migration,
  readRange,
  type StorageContext,
} from '../storage/index.ts';
import { paymentModels } from './models.ts';
import { type PaymentRecord, paymentList } from './payment-model.ts';

/**
 * Payments by key: a payment is found by its payment id through its pointer, a member's payments are
 * their keyed list, and the staff queue is the open-payment markers. Nothing here reads by a filter.
 */

export interface PaymentItem extends ListItem {
  id: number;
  /** The newest earlier position not finished when this one was listed; absent on items listed before it existed. */
  before?: number;
}
export const paymentItems = (app: Database) => paymentModels(app).PaymentItem as unknown as Model<PaymentItem>;

/** Stores a new payment: its pointer first, then (if it waits for staff) its open marker, the payment, its place in the member's list. */
export async function recordPayment(
  app: StorageContext,
  fields: Omit<PaymentRecord, 'id' | 'createdAt' | 'updatedAt'>,
): Promise<PaymentRecord> {
  const { PaymentKey, OpenPayment, Payment } = paymentModels(app);
  await claimOnce(PaymentKey, { _id: fields.paymentId, id: null });
  if (fields.provider === 'self-custody' && fields.status === 'waiting') {
    await claimOnce(OpenPayment, { _id: fields.paymentId, createdAt: new Date() });
  }
  const payment = await insertWithId(Payment, fields as Omit<PaymentRecord, 'id'>);
  await listPayment(app, payment);
  return payment;
}

/** The payment's place in its member's list, then the pointer that says both are written. */
async function listPayment(app: StorageContext, payment: PaymentRecord): Promise<void> {
  // Made in the list's turn, from items 1..n-1, which exist: a payment finished meanwhile is only skipped later.
  const newestUnfinished = async (n: number) =>
    (await unfinishedPayments(app, payment.userId, n - 1, 1, () => true)).payments[0]?.position ?? 0;
  await append(app, paymentItems(app), paymentList(payment.userId), async (n) => ({
    id: payment.id,
    before: await newestUnfinished(n),
  }));
  await paymentModels(app).PaymentKey.updateOne(
    { _id: payment.paymentId },
    { $set: { id: payment.id } },
    { upsert: true },
  );
}

/**
 * The payment with this payment id, or null: its pointer, then the payment, both by `_id`. A pointer still
 * null is a payment a crash interrupted (or one being written right now): only then is it searched for,
 * and a found one gets its list place and pointer.
 */
export async function paymentByPaymentId(app: StorageContext, paymentId: string): Promise<PaymentRecord | null> {
  const pointer = await paymentModels(app).PaymentKey.findById(paymentId).lean<{ id: number | null }>();
  if (!pointer) return null;
  if (pointer.id !== null) return findByNumericId(paymentModels(app).Payment, pointer.id);
  const payment = await paymentModels(app).Payment.findOne({ paymentId }).lean<PaymentRecord>();
  if (payment) await listPayment(app, payment);
  return payment;
}

/** How many payments the member has made: the head of their list, whose positions run from 1 to it. */
export const memberPaymentsHead = (app: StorageContext, userId: number): Promise<number> =>
  headOf(app, paymentItems(app), paymentList(userId));

/** Positions read at a time while following the member's list back. */
const CHUNK = 50;

/**
 * Up to `want` of the member's payments not finished that `keep` accepts, newest first from position `from` (at most
 * the list's head), each with its position, and `next`: where to go on (0: nothing older). Follows each item's `before`, so the finished payments between two unfinished ones are not read: a page
 * costs its rows and the unfinished payments `keep` refuses, however many payments were finished.
 */
export async function unfinishedPayments(
  app: StorageContext,
  userId: number,
  from: number,
  want: number,
  keep: (payment: PaymentRecord) => boolean,
): Promise<{ payments: { payment: PaymentRecord; position: number }[]; next: number }> {
  const items = new Map<number, PaymentItem>();
  const found: { payment: PaymentRecord; position: number }[] = [];
  let next = from;
  while (next >= 1 && found.length < want) {
    if (!items.has(next)) {
      const read = await readRange(app, paymentItems(app), paymentList(userId), next - CHUNK + 1, next, from);
      for (const item of read) items.set(item.n, item);
      // Not there (deleted with its member): nothing to follow.
      if (!items.has(next)) break;
    }
    // The chain as far as the items read reach, then those payments at once.
    const chain: PaymentItem[] = [];
    for (let item = items.get(next); item && chain.length < want - found.length; item = items.get(next)) {
      chain.push(item);
      next = item.before ?? item.n - 1;
    }
    const payments = await Promise.all(chain.map((item) => findByNumericId(paymentModels(app).Payment, item.id)));
    for (const [i, payment] of payments.entries()) {
      if (!payment || payment.status === 'finished' || !keep(payment)) continue;
      found.push({ payment, position: (chain[i] as PaymentItem).n });
      if (found.length === want) return { payments: found, next: chain[i + 1]?.n ?? next };
    }
  }
  return { payments: found, next: Math.max(next, 0) };
}

/** Self-custody payments waiting for staff, oldest first: the open markers, each payment by key. */
export async function openPayments(app: StorageContext, limit: number): Promise<PaymentRecord[]> {
  const markers = await paymentModels(app).OpenPayment.find().lean<{ _id: string; createdAt: Date }[]>();
  markers.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const payments = await Promise.all(markers.slice(0, limit).map((marker) => paymentByPaymentId(app, marker._id)));
  return payments
    .filter((payment): payment is PaymentRecord => payment?.status === 'waiting')
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
}

/** A payment no longer waits for staff: its marker goes. */
export async function closePayment(app: Database, paymentId: string): Promise<void> {
  await paymentModels(app).OpenPayment.deleteOne({ _id: paymentId });
}

/** A member's payments (oldest first) as their list's items: each pointing at the newest earlier one not finished. */
export function listedWithPointers(
  payments: Pick<PaymentRecord, 'id' | 'status'>[],
): Omit<PaymentItem, keyof ListItem>[] {
  let unfinished = 0;
  return payments.map(({ id, status }, i) => {
    const item = { id, before: unfinished };
    if (status !== 'finished') unfinished = i + 1;
    return item;
  });
}

/**
 * The pointers for payments listed before them: each member's list written again from their payments, in id order
 * (read once, a scan, at start, once). The payments are the source, so a crash between a list's removal and its
 * rewriting loses nothing, and the app serves only after it.
 */
export const paymentPointersMigration: Migration = {
  name: 'payment-list-pointers',
  async run(app, progress) {
    const payments = await paymentModels(app)
      .Payment.find({}, { id: 1, userId: 1, status: 1 })
      .sort({ userId: 1, id: 1 })
      .lean<Pick<PaymentRecord, 'id' | 'userId' | 'status'>[]>();
    const byMember = new Map<number, Pick<PaymentRecord, 'id' | 'status'>[]>();
    for (const payment of payments) {
      const own = byMember.get(payment.userId) ?? [];
      own.push(payment);
      byMember.set(payment.userId, own);
    }
    let done = 0;
    for (const [userId, own] of byMember) {
      await deleteList(app, paymentItems(app), paymentList(userId));
      await importList(app, paymentItems(app), paymentList(userId), listedWithPointers(own));
      done += own.length;
      progress(done, payments.length);
    }
  },
};
