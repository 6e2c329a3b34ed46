import { ErrorCode, type PremiumRequiredDetails } from '@enclave/protocol';
import { ApiError } from '../api/api-error.ts';

/** What a premium thread's 402 says about itself (title, cost, author), or null for any other failure. */
export function premiumRequiredOf(error: unknown): PremiumRequiredDetails | null {
  return error instanceof ApiError ? error.detailsOf(ErrorCode.PremiumRequired) : null;
}
