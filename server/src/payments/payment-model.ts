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
paymentSchema.index({ userId: 1, createdAt: -1 });
paymentSchema.index({ provider: 1, status: 1, createdAt: 1 });

export type PaymentRecord = InferSchemaType<typeof paymentSchema> & { createdAt: Date; updatedAt: Date };

/**
 * How a payment ended, decided once: the unique `paymentId` makes a confirm and a reject
 * (or two confirms) race for one document, so a payment is never both credited and failed.
 */
export const paymentOutcomeSchema = new Schema(
  {
    paymentId: { type: String, required: true, unique: true },
    outcome: { type: String, enum: ['finished', 'failed'], required: true },
    decidedBy: { type: Number, default: null },
    transactionHash: { type: String, default: null },
    createdAt: { type: Date, required: true },
  },
  { id: false, versionKey: false },
);

export type PaymentOutcome = InferSchemaType<typeof paymentOutcomeSchema>;
