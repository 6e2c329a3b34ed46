import type { Transaction, TransactionStatus, TransactionType } from '@enclave/protocol';

const signedCoins = new Intl.NumberFormat(undefined, { signDisplay: 'exceptZero' });

/** Signed coins: '+1,000' for a credit, '-250' for a debit. */
export function formatSignedCoins(amount: number): string {
  return signedCoins.format(amount);
}

export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  purchase: 'Purchase',
  unlock_content: 'Unlock content',
  other: 'Other',
};

export const TRANSACTION_STATUS_LABELS: Record<TransactionStatus, string> = {
  completed: 'Completed',
  pending: 'Pending',
  failed: 'Failed',
};

/** Spec 001 §4: completed, pending and failed have their labels; any other status is shown as received. */
export function statusLabel(status: string): string {
  return TRANSACTION_STATUS_LABELS[status as TransactionStatus] ?? status;
}

/** What the ledger entry was, in the member's words; the spec's three types name anything else. */
const ENTRY_TITLES: Record<string, string> = {
  coin_purchase: 'Coin purchase',
  premium_purchase: 'Premium thread purchase',
  unlock: 'Premium discussion unlock',
  group_buy: 'Group buy contribution',
  sale: 'Coins earned from your content',
  refund: 'Refund',
  admin_grant: 'Coins added by staff',
  account_closed: 'Account closed',
};

export function transactionTitle(transaction: Pick<Transaction, 'entryType' | 'transactionType'>): string {
  return (
    ENTRY_TITLES[transaction.entryType] ?? TRANSACTION_TYPE_LABELS[transaction.transactionType] ?? transaction.entryType
  );
}

/** `thread:12` → 12: the thread a row was for, when it was for one. */
export function threadIdOf(referenceId: string | null): number | null {
  const match = /^thread:([1-9][0-9]*)$/.exec(referenceId ?? '');
  return match ? Number(match[1]) : null;
}
