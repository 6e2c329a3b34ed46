import Type from 'typebox';
import { Id, IdParams, IsoDate, Nullable } from './common.ts';
import { route } from './contract.ts';
import { endpoints } from './endpoints.ts';
import { LIMITS } from './limits.ts';
import { PAYMENT_TEXT, VALIDATION } from './ui-texts.ts';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from './wallet-values.ts';

export const CurrencyCode = Type.String({
  minLength: LIMITS.currencyCodeMin,
  maxLength: LIMITS.currencyCodeMax,
  pattern: '^[a-z0-9]+$',
  errorMessage: VALIDATION.currencyRequired,
});

export const CoinPackage = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** USD. */
  price: Type.Number(),
  coins: Type.Integer(),
  description: Type.String(),
  /** True when the coins exceed the price × 10: the client shows the Save badge. */
  save: Type.Boolean(),
});
export type CoinPackage = Type.Static<typeof CoinPackage>;

/** NOWPayments' payment statuses; a self-custody payment is `waiting` until staff confirm (`finished`) or reject (`failed`). */
export const PAYMENT_STATUSES = [
  'waiting',
  'confirming',
  'confirmed',
  'sending',
  'partially_paid',
  'finished',
  'failed',
  'refunded',
  'expired',
] as const;
export const PaymentStatus = Type.Enum(PAYMENT_STATUSES);
export type PaymentStatus = Type.Static<typeof PaymentStatus>;

export const PAYMENT_PROVIDERS = ['self-custody', 'nowpayments'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** The member's page for one payment (the payment's `payment_url`). */
export const paymentPagePath = (paymentId: string) => `/wallet?payment=${encodeURIComponent(paymentId)}`;

export const Payment = Type.Object({
  payment_id: Type.String(),
  order_id: Type.String(),
  payment_status: PaymentStatus,
  /** In the pay currency. */
  pay_amount: Type.Number(),
  pay_currency: Type.String(),
  /** USD. */
  price_amount: Type.Number(),
  pay_address: Type.String(),
  /** The address is one the demo data seeded: the member is told not to send funds to it. */
  isDemoAddress: Type.Boolean(),
  payment_url: Type.String(),
  /** Coins credited when the payment finishes. */
  coins: Type.Integer(),
  packageId: Type.String(),
  network: Nullable(Type.String()),
  /** self-custody: staff confirm by hand; nowpayments: confirmed by the provider's callback. */
  provider: Type.Enum(PAYMENT_PROVIDERS),
  transactionHash: Nullable(Type.String()),
  createdAt: IsoDate,
});
export type Payment = Type.Static<typeof Payment>;

/** A payment as staff see it in the confirmation queue. */
export const StaffPayment = Type.Intersect([
  Payment,
  Type.Object({ id: Id, member: Type.Object({ id: Id, username: Type.String() }) }),
]);
export type StaffPayment = Type.Static<typeof StaffPayment>;

export const PriceEstimate = Type.Object({
  /** What `amount` USD costs in the currency. */
  estimated_amount: Type.Number(),
  /** The smallest and largest payment accepted in the currency; null max: no maximum. */
  min_amount: Type.Number(),
  max_amount: Nullable(Type.Number()),
});
export type PriceEstimate = Type.Static<typeof PriceEstimate>;

export const CreatePaymentBody = Type.Object({
  packageId: Type.String({ minLength: 1, maxLength: 64, errorMessage: VALIDATION.packageRequired }),
  currency: CurrencyCode,
});
export type CreatePaymentBody = Type.Static<typeof CreatePaymentBody>;

export const EstimateBody = Type.Object({
  /** USD. */
  amount: Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000, errorMessage: PAYMENT_TEXT.amountInvalid }),
  currency: CurrencyCode,
});
export type EstimateBody = Type.Static<typeof EstimateBody>;

export const TransactionHash = Type.String({
  pattern: '^(0x)?[0-9a-fA-F]{64}$',
  errorMessage: PAYMENT_TEXT.transactionHashInvalid,
});

/** The chain transaction that carried the coins: a confirmation records it, with who confirmed. */
export const ConfirmPaymentBody = Type.Object({ transactionHash: TransactionHash });
export type ConfirmPaymentBody = Type.Static<typeof ConfirmPaymentBody>;

/** The NOWPayments callback: signed, and carrying more fields than these (all are part of the signature). */
export const PaymentNotification = Type.Object(
  {
    payment_id: Type.Union([Type.Integer(), Type.String({ minLength: 1, maxLength: 64 })]),
    payment_status: Type.String({ maxLength: 32 }),
    order_id: Type.Optional(Nullable(Type.String({ maxLength: 128 }))),
    actually_paid: Type.Optional(Nullable(Type.Union([Type.Number(), Type.String({ maxLength: 64 })]))),
  },
  // The provider's, not ours: it may add fields, and the signature covers them all.
  { additionalProperties: true },
);

export const TransactionType = Type.Enum(TRANSACTION_TYPES);
export type TransactionType = Type.Static<typeof TransactionType>;
export const TransactionStatus = Type.Enum(TRANSACTION_STATUSES);
export type TransactionStatus = Type.Static<typeof TransactionStatus>;

/** One row of the member's history: a ledger entry (completed) or a pending or failed payment. */
export const Transaction = Type.Object({
  /** `entry-{seq}` for ledger entries, `payment-{id}` for payments not (yet) credited. */
  id: Type.String(),
  userId: Id,
  /** Signed coins: positive credits, negative debits. */
  amount: Type.Integer(),
  transactionType: TransactionType,
  /** The ledger's own kind: coin_purchase, premium_purchase, unlock, group_buy, sale, refund, admin_grant, account_closed. */
  entryType: Type.String(),
  /** What it was for, as `kind:id`: `thread:12`, `payment:{payment_id}`, `grant:3`. */
  referenceId: Nullable(Type.String()),
  walletAddress: Nullable(Type.String()),
  transactionHash: Nullable(Type.String()),
  /** The pay currency of a coin purchase (picks the explorer); null otherwise. */
  currency: Nullable(Type.String()),
  status: TransactionStatus,
  /** The balance after a completed entry; null for pending and failed payments. */
  balanceAfter: Nullable(Type.Integer()),
  createdAt: IsoDate,
});
export type Transaction = Type.Static<typeof Transaction>;

export const TransactionsQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.pageSizeMax })),
  /** A previous page's `nextCursor`: where the next page starts in the member's ledger and in their payments. */
  cursor: Type.Optional(Type.String({ pattern: '^[0-9]{1,15}-[0-9]{1,15}$' })),
  type: Type.Optional(TransactionType),
  status: Type.Optional(TransactionStatus),
});
export type TransactionsQuery = Type.Static<typeof TransactionsQuery>;

export const TransactionPage = Type.Object({
  /** Newest first. */
  transactions: Type.Array(Transaction),
  nextCursor: Nullable(Type.String()),
});
export type TransactionPage = Type.Static<typeof TransactionPage>;

export const CryptoWalletSetting = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 64 }),
  symbol: Type.String({ minLength: 1, maxLength: 16 }),
  network: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  address: Type.String({ maxLength: 256 }),
  /** USD per one unit of the currency, for self-custody payments (beyond the spec; absent keeps the saved rate). */
  usdRate: Type.Optional(Nullable(Type.Number({ exclusiveMinimum: 0 }))),
});
export type CryptoWalletSetting = Type.Static<typeof CryptoWalletSetting>;

/** Keyed by currency code: btc, xmr, usdt, usdc, others. */
export const CryptoWalletSettings = Type.Record(Type.String({ pattern: '^[a-z0-9]{2,10}$' }), CryptoWalletSetting);
export type CryptoWalletSettings = Type.Static<typeof CryptoWalletSettings>;

export const PaymentIdParams = Type.Object({ paymentId: Type.String({ minLength: 1, maxLength: 64 }) });

export const walletRoutes = {
  paymentPackages: route({
    ...endpoints.paymentPackages,
    summary: 'Coin packages, priced in USD',
    response: { 200: Type.Array(CoinPackage) },
  }),
  paymentCurrencies: route({
    ...endpoints.paymentCurrencies,
    summary: 'The currency codes the active payment provider accepts',
    response: { 200: Type.Array(Type.String()) },
  }),
  estimatePayment: route({
    ...endpoints.estimatePayment,
    summary: 'What an amount in USD costs in a currency',
    body: EstimateBody,
    response: { 200: PriceEstimate },
  }),
  createPayment: route({
    ...endpoints.createPayment,
    summary: 'Start paying for a coin package',
    body: CreatePaymentBody,
    response: { 201: Payment },
  }),
  payment: route({
    ...endpoints.payment,
    summary: 'One of the viewer’s payments',
    params: PaymentIdParams,
    response: { 200: Payment },
  }),
  paymentNotification: route({
    ...endpoints.paymentNotification,
    summary: 'NOWPayments instant payment notification (signed with x-nowpayments-sig)',
    body: PaymentNotification,
    response: { 200: Type.Object({ message: Type.String() }) },
  }),
  transactions: route({
    ...endpoints.transactions,
    summary: 'The viewer’s coin history with pending and failed payments, newest first',
    querystring: TransactionsQuery,
    response: { 200: TransactionPage },
  }),
  pendingPayments: route({
    ...endpoints.pendingPayments,
    summary: 'Self-custody payments awaiting staff confirmation, oldest first',
    response: {
      200: Type.Object({
        payments: Type.Array(StaffPayment),
        /** Some receiving address is still a demo one: staff are reminded to set real addresses. */
        demoAddresses: Type.Boolean(),
      }),
    },
  }),
  confirmPayment: route({
    ...endpoints.confirmPayment,
    summary: 'Staff confirm a self-custody payment arrived: the member is credited once',
    params: IdParams,
    body: ConfirmPaymentBody,
    response: { 200: StaffPayment },
  }),
  rejectPayment: route({
    ...endpoints.rejectPayment,
    summary: 'Staff reject a self-custody payment: it fails and nothing is credited',
    params: IdParams,
    response: { 200: StaffPayment },
  }),
};
