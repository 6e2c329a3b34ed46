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

export const threadReference = (threadId: number) => `thread:${threadId}`;

/** The thread a movement was for, from its reference; null for anything else. */
export function threadOfReference(reference: string | null | undefined): number | null {
  const match = /^thread:([0-9]+)$/.exec(reference ?? '');
  return match ? Number(match[1]) : null;
}
