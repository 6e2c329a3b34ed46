import { type InferSchemaType, Schema } from 'mongoose';

/**
 * The admin's crypto wallet setting for one currency (spec 001 §3): where self-custody payments
 * are sent, and the USD rate they are priced at. Stored under `_id` the currency: read by key.
 */
export const walletSettingSchema = new Schema(
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

export type WalletSettingRecord = InferSchemaType<typeof walletSettingSchema>;
