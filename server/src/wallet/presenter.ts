import type { PaymentStatus, Transaction, TransactionStatus, TransactionType } from '@enclave/protocol';
import type { PaymentRecord } from '../payments/payment-model.ts';
import type { EntryType, LedgerEntry, Receipt } from './ledger-model.ts';

export const UNLOCK_ENTRY_TYPES: readonly EntryType[] = ['premium_purchase', 'unlock', 'group_buy'];

/** How a payment's status reads in the history; `finished` payments appear as their ledger credit instead. */
export const PAYMENT_STATUS_GROUPS: Record<'pending' | 'failed', readonly PaymentStatus[]> = {
  pending: ['waiting', 'confirming', 'confirmed', 'sending', 'partially_paid'],
  failed: ['failed', 'expired', 'refunded'],
};

export function transactionTypeOf(type: string): TransactionType {
  if (type === 'coin_purchase') return 'purchase';
  return (UNLOCK_ENTRY_TYPES as readonly string[]).includes(type) ? 'unlock_content' : 'other';
}

function transactionStatusOf(status: PaymentStatus): TransactionStatus {
  if (status === 'finished') return 'completed';
  return PAYMENT_STATUS_GROUPS.failed.includes(status) ? 'failed' : 'pending';
}

/** A completed ledger entry; a payment credit also shows where it was paid and its hash. */
export function presentEntry(entry: LedgerEntry, payment?: Receipt | null): Transaction {
  return {
    id: `entry-${entry.seq}`,
    userId: entry.account,
    amount: entry.amount,
    transactionType: transactionTypeOf(entry.type),
    entryType: entry.type,
    referenceId: entry.reference ?? null,
    walletAddress: payment?.payAddress ?? null,
    transactionHash: payment?.transactionHash ?? null,
    currency: payment?.payCurrency ?? null,
    status: 'completed',
    balanceAfter: entry.balanceAfter,
    createdAt: entry.createdAt.toISOString(),
  };
}

/** A payment not credited: pending or failed, with the coins it is (or was) for. */
export function presentPaymentRow(payment: PaymentRecord): Transaction {
  return {
    id: `payment-${payment.id}`,
    userId: payment.userId,
    amount: payment.coins,
    transactionType: 'purchase',
    entryType: 'coin_purchase',
    referenceId: `payment:${payment.paymentId}`,
    walletAddress: payment.payAddress,
    transactionHash: payment.transactionHash ?? null,
    currency: payment.payCurrency,
    status: transactionStatusOf(payment.status),
    balanceAfter: null,
    createdAt: payment.createdAt.toISOString(),
  };
}
