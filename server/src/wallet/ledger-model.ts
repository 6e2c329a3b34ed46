import { type InferSchemaType, Schema } from 'mongoose';
import { itemsReadByKey, type ListItem } from '../storage/index.ts';

/** What a movement was for; presented as the spec's transactionType (purchase, unlock_content, other). */
export const ENTRY_TYPES = [
  'coin_purchase',
  'premium_purchase',
  'unlock',
  'group_buy',
  'group_buy_payout',
  'group_buy_return',
  'sale',
  'refund',
  'admin_grant',
  'account_closed',
] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

/**
 * The credit side of a debit that carries `creditTo`, under the key `sale:{debit key}`: a seller's sale, an escrow
 * receiving a contribution, an organiser receiving the escrow, a contributor receiving their coins back.
 */
export const creditKey = (debitKey: string) => `sale:${debitKey}`;
export const isCreditSide = (entry: { key: string }) => entry.key.startsWith('sale:');

/** What the credit side of a debit is, in the words of the member it reaches: coins returned are a refund. */
export const creditTypeOf = (debitType: EntryType): EntryType => (debitType === 'group_buy_return' ? 'refund' : 'sale');

/**
 * One immutable movement on one account, item `seq` of its account's keyed list. The unique `_id`
 * means two movements can never both extend the same head; the unique `key` means a movement
 * happens at most once.
 */
export const ledgerEntrySchema = new Schema(
  {
    _id: String,
    list: { type: String, required: true },
    n: { type: Number, required: true },
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
    /** A coin purchase's payment as the history shows it (`Receipt`), so a page of purchases reads no payment. */
    receipt: { type: Schema.Types.Mixed, default: null },
    createdAt: { type: Date, required: true },
  },
  { id: false, versionKey: false },
);

/** The copies of the entries listed by type (`ledger-by-type.ts`): a filter's pages are seldom read, so by key. */
export const ledgerByTypeSchema = itemsReadByKey(ledgerEntrySchema.clone());

export type LedgerEntry = Omit<InferSchemaType<typeof ledgerEntrySchema>, '_id' | 'list' | 'n' | 'receipt'> &
  Partial<ListItem> & { receipt?: Receipt | null };

/** What the history shows of the payment a coin purchase credited: where and in what it was paid, its hash. */
export interface Receipt {
  payAddress: string;
  payCurrency: string;
  transactionHash?: string | null;
}

/** An entry as stored: item `seq` of its account's list. */
export type LedgerItem = LedgerEntry & ListItem;

/** The entry stored for movement `key`, under `_id` key: a replay or a "did this happen?" is one point read. */
export const ledgerKeySchema = new Schema(
  { _id: String, entry: { type: Schema.Types.Mixed, required: true } },
  { versionKey: false, minimize: false },
);

/**
 * The forum's movements (a sale's seller side excluded: it is the same movement as its debit), the keyed
 * list `movements`: item n carries the running totals, so a count or a sum since a time is two items, found by a
 * binary search of point reads: read by key.
 */
export const movementSchema = itemsReadByKey(
  new Schema(
    {
      _id: String,
      list: { type: String, required: true },
      n: { type: Number, required: true },
      key: { type: String, required: true },
      createdAt: { type: Date, required: true },
      /** Coins sold (coin_purchase amounts) in items 1..n. */
      coinsSold: { type: Number, required: true },
    },
    { versionKey: false },
  ),
);
export type MovementItem = Omit<InferSchemaType<typeof movementSchema>, '_id'> & ListItem;
export const MOVEMENTS = 'movements';
