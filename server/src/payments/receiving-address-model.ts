import { type InferSchemaType, Schema } from 'mongoose';

/**
 * The admin's receiving address for one currency (spec 001 §3 calls these the "crypto wallet settings"): where
 * self-custody payments are sent, and the USD rate they are priced at. Stored under `_id` the currency: read by key.
 */
export const receivingAddressSchema = new Schema(
  {
    _id: String,
    currency: { type: String, required: true },
    name: { type: String, required: true },
    symbol: { type: String, required: true },
    network: { type: String, default: null },
    address: { type: String, required: true },
    /** USD per one unit of the currency; null: the SELF_CUSTODY_RATES environment rate applies. */
    usdRate: { type: Number, default: null },
    updatedBy: { type: Number, default: null },
  },
  { id: false, timestamps: true },
);

export type ReceivingAddressRecord = InferSchemaType<typeof receivingAddressSchema>;
