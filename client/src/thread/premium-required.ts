import { ErrorCode, type PremiumRequiredDetails } from '@enclave/protocol';
import { ApiError } from '../api/api-error.ts';

/** What a premium thread's 402 says about itself (title, cost, author), or null for any other failure. */
export function premiumRequiredOf(error: unknown): PremiumRequiredDetails | null {
  if (!(error instanceof ApiError) || error.status !== 402 || error.code !== ErrorCode.PremiumRequired) return null;
  const details = error.details as Partial<PremiumRequiredDetails> | undefined;
  if (typeof details?.threadId !== 'number' || typeof details.premiumCost !== 'number') return null;
  return {
    threadId: details.threadId,
    title: details.title ?? '',
    premiumCost: details.premiumCost,
    authorName: details.authorName ?? null,
  };
}
