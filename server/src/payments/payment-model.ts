import { PAYMENT_PROVIDERS, PAYMENT_STATUSES } from '@enclave/protocol';
import { type InferSchemaType, Schema } from 'mongoose';

/** One attempt to buy a coin package; the coins move only through the ledger, under `payment:{paymentId}`. */
export const paymentSchema = new Schema(
  {
    id: { type: Number, required: true, unique: true },
    /** The provider's payment id (ours for self-custody). */
    paymentId: { type: String, required: true, unique: true },
    orderId: { type: String, required: true, unique: true },
    provider: { type: String, enum: PAYMENT_PROVIDERS, required: true },
    userId: { type: Number, required: true },
    packageId: { type: String, required: true },
    coins: { type: Number, required: true, min: 1 },
    /** USD. */
    priceAmount: { type: Number, required: true },
    payCurrency: { type: String, required: true },
    payAmount: { type: Number, required: true },
    payAddress: { type: String, required: true },
    network: { type: String, default: null },
    status: { type: String, enum: PAYMENT_STATUSES, required: true },
    actuallyPaid: { type: Number, default: null },
    transactionHash: { type: String, default: null },
    /** The staff member who confirmed or rejected a self-custody payment. */
    decidedBy: { type: Number, default: null },
    decidedAt: { type: Date, default: null },
  },
  { id: false, timestamps: true },
);

export type PaymentRecord = InferSchemaType<typeof paymentSchema> & { createdAt: Date; updatedAt: Date };

/**
 * How a payment ended, decided once, under `_id` the payment id: a confirm and a reject (or two
 * confirms) race for one document, so a payment is never both credited and failed.
 */
export const paymentOutcomeSchema = new Schema(
  {
    _id: String,
    paymentId: { type: String, required: true },
    outcome: { type: String, enum: ['finished', 'failed'], required: true },
    decidedBy: { type: Number, default: null },
    transactionHash: { type: String, default: null },
    createdAt: { type: Date, required: true },
  },
  { id: false, versionKey: false },
);

export type PaymentOutcome = InferSchemaType<typeof paymentOutcomeSchema>;

/**
 * Payment id → the payment's numeric id (its `_id` is derived from that one), so a payment is found by its
 * payment id with two point reads. Written with `id: null` before the payment, set after it: a payment id
 * with no pointer was never ours, and only a crash between the two leaves a null to search for.
 */
export const paymentKeySchema = new Schema({ _id: String, id: { type: Number, default: null } }, { versionKey: false });

/**
 * A member's payments, newest last: the keyed list `payments:{userId}`, each item naming a payment by id, and the
 * newest earlier position whose payment was not finished when it was listed (`before`, 0 for none): the ones between
 * were finished then, and a finished payment stays finished, so the history skips them unread. Items listed before
 * `before` existed lack it, and are read as pointing at the position just before.
 */
export const paymentItemSchema = new Schema(
  {
    _id: String,
    list: { type: String, required: true },
    n: { type: Number, required: true },
    id: Number,
    before: Number,
  },
  { versionKey: false },
);
export const paymentList = (userId: number) => `payments:${userId}`;

/**
 * A self-custody payment waiting for staff, under `_id` its payment id, removed when it is decided: the
 * staff queue reads this collection, which holds only open work.
 */
export const openPaymentSchema = new Schema(
  { _id: String, createdAt: { type: Date, required: true } },
  { versionKey: false },
);
