/**
 * The wallet's words for what coins move for: the idempotency keys other domains move coins under, and the
 * reference a movement for a thread carries. Only the wallet spells them out.
 */
export const ledgerKeys = {
  unlock: (userId: number, threadId: number) => `unlock:${userId}:${threadId}`,
  premium: (userId: number, threadId: number) => `premium:${userId}:${threadId}`,
  contribution: (userId: number, threadId: number) => `groupbuy:${userId}:${threadId}`,
  contributionReturn: (userId: number, threadId: number) => `groupbuy-return:${userId}:${threadId}`,
  payout: (threadId: number) => `groupbuy-payout:${threadId}`,
  /** A debit given back before any credit (a group-buy place lost after paying). */
  refund: (debitKey: string) => `refund:${debitKey}`,
};

/**
 * A group buy's escrow is an account of the ledger like a member's, numbered minus the thread id: member ids are
 * positive, so the two never meet, and an escrow's chain is checked by every rule a member's is.
 */
export const escrowAccount = (threadId: number) => -threadId;
export const isEscrowAccount = (account: number) => account < 0;

/** An account's ledger is the keyed list `ledger:{account}`: entry seq is stored under `ledger:{account}:{seq}`. */
export const ledgerList = (account: number) => `ledger:${account}`;

export const threadReference = (threadId: number) => `thread:${threadId}`;

/** The thread a movement was for, from its reference; null for anything else. */
export function threadOfReference(reference: string | null | undefined): number | null {
  const match = /^thread:([0-9]+)$/.exec(reference ?? '');
  return match ? Number(match[1]) : null;
}
