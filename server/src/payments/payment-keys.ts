import type { Model } from 'mongoose';
import {
  append,
  claimOnce,
  type Database,
  findByNumericId,
  headOf,
  insertWithId,
  type ListItem,
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
  await append(app, paymentItems(app), paymentList(payment.userId), () => ({ id: payment.id }));
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

/** The payments of these list items, by key, in the items' order; a payment deleted meanwhile is left out. */
async function paymentsOfItems(app: Database, items: PaymentItem[]): Promise<PaymentRecord[]> {
  const ids = [...new Set(items.map((item) => item.id))];
  const found = await Promise.all(ids.map((id) => findByNumericId(paymentModels(app).Payment, id)));
  return found.filter((payment): payment is PaymentRecord => payment !== null);
}

/** How many payments the member has made: the head of their list, whose positions run from 1 to it. */
export const memberPaymentsHead = (app: StorageContext, userId: number): Promise<number> =>
  headOf(app, paymentItems(app), paymentList(userId));

/**
 * The member's payments at positions `first` to `last` of their list (`head` its head, when the caller has read it),
 * oldest first, each with its position; a payment deleted meanwhile is left out.
 */
export async function memberPaymentsAt(
  app: StorageContext,
  userId: number,
  first: number,
  last: number,
  head?: number,
): Promise<{ payment: PaymentRecord; position: number }[]> {
  const items = await readRange(app, paymentItems(app), paymentList(userId), first, last, head);
  const payments = new Map((await paymentsOfItems(app, items)).map((p) => [p.id, p]));
  return items.flatMap((item) => {
    const payment = payments.get(item.id);
    return payment ? [{ payment, position: item.n }] : [];
  });
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
