import Type from 'typebox';
import { IsoDate } from './common.ts';

/** Every error the API answers with carries one of these codes. */
export const ErrorCode = {
  Validation: 'VALIDATION_ERROR',
  Unauthenticated: 'UNAUTHENTICATED',
  EmailNotVerified: 'EMAIL_NOT_VERIFIED',
  Forbidden: 'FORBIDDEN',
  Banned: 'BANNED',
  Muted: 'MUTED',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  UsernameTaken: 'USERNAME_TAKEN',
  EmailTaken: 'EMAIL_TAKEN',
  PremiumRequired: 'PREMIUM_REQUIRED',
  InsufficientCoins: 'INSUFFICIENT_COINS',
  AlreadyOwned: 'ALREADY_OWNED',
  RateLimited: 'RATE_LIMITED',
  AccountLocked: 'ACCOUNT_LOCKED',
  CodeInvalid: 'CODE_INVALID',
  CodeExpired: 'CODE_EXPIRED',
  CsrfRejected: 'CSRF_REJECTED',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  Unavailable: 'SERVICE_UNAVAILABLE',
  Internal: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

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

/** The one error body: `{ message, code, details? }`. `error` repeats the message for the spec's verification calls. */
export const ErrorBody = Type.Object({
  message: Type.String(),
  code: Type.String(),
  details: Type.Optional(Type.Unknown()),
  error: Type.Optional(Type.String()),
});
export type ErrorBody = Type.Static<typeof ErrorBody>;
