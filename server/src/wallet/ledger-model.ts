import { type InferSchemaType, Schema } from 'mongoose';

/** What a movement was for; presented as the spec's transactionType (purchase, unlock_content, other). */
export const ENTRY_TYPES = [
  'coin_purchase',
  'premium_purchase',
  'unlock',
  'group_buy',
  'sale',
  'refund',
  'admin_grant',
  'account_closed',
] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

/**
 * One immutable movement on one account. `(account, seq)` is unique, so two movements can never
 * both extend the same head; `key` is unique, so a movement happens at most once.
 */
export const ledgerEntrySchema = new Schema(
  {
    account: { type: Number, required: true },
    seq: { type: Number, required: true },
    amount: { type: Number, required: true },
    balanceAfter: { type: Number, required: true, min: 0 },
    key: { type: String, required: true, unique: true },
    type: { type: String, enum: ENTRY_TYPES, required: true },
    /** What the coins were for: `thread:12`, `payment:abc`, `grant:3`. */
    reference: { type: String, default: null },
    /** The member owed the matching credit (a thread's author); the start-up sweep completes it. */
    creditTo: { type: Number, default: null },
    createdAt: { type: Date, required: true },
  },
  { id: false, versionKey: false },
);
ledgerEntrySchema.index({ account: 1, seq: -1 }, { unique: true });
ledgerEntrySchema.index({ creditTo: 1 });

export type LedgerEntry = InferSchemaType<typeof ledgerEntrySchema>;
