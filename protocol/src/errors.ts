import Type from 'typebox';
import { IsoDate } from './common.ts';
import { ErrorCode } from './error-codes.ts';
import type { PremiumRequiredDetails } from './threads.ts';

// Typed details of the errors whose text holds an instant or a count: the client says the text itself,
// in the reader's zone and the product's date format, instead of showing the server's ISO string.

/** `MUTED`: when the mute ends. */
export const MutedDetails = Type.Object({ mutedUntil: IsoDate });
export type MutedDetails = Type.Static<typeof MutedDetails>;

/** `ACCOUNT_LOCKED`: when logging in is possible again. */
export const AccountLockedDetails = Type.Object({ lockedUntil: IsoDate });
export type AccountLockedDetails = Type.Static<typeof AccountLockedDetails>;

/** `RATE_LIMITED` on a verification-code resend: whole seconds until another code may be asked for. */
export const RetryAfterDetails = Type.Object({ retryAfterSeconds: Type.Integer({ minimum: 1 }) });
export type RetryAfterDetails = Type.Static<typeof RetryAfterDetails>;

/**
 * What `details` carries for the codes that have any, so a client reads them typed. Every other code's details
 * are field errors (`[{ path, message }]`, validation) or absent.
 */
export interface ErrorDetails {
  [ErrorCode.PremiumRequired]: PremiumRequiredDetails;
  [ErrorCode.InsufficientCoins]: { needed: number; balance: number };
  [ErrorCode.AccountLocked]: AccountLockedDetails;
  [ErrorCode.Muted]: MutedDetails;
  /** Seconds on a verification-code resend, milliseconds on the other limits. */
  [ErrorCode.RateLimited]: Partial<RetryAfterDetails> & { retryAfterMs?: number };
  [ErrorCode.Validation]: { path: string; message: string }[];
}

/** The one error body: `{ message, code, details? }`. `error` repeats the message for the spec's verification calls. */
export const ErrorBody = Type.Object({
  message: Type.String(),
  code: Type.Enum(ErrorCode),
  details: Type.Optional(Type.Unknown()),
  error: Type.Optional(Type.String()),
});
export type ErrorBody = Type.Static<typeof ErrorBody>;

/** The statuses an API route may answer with an ErrorBody (400 validation … 503 database away). */
export const ERROR_STATUSES = [400, 401, 402, 403, 404, 409, 413, 429, 500, 503] as const;
