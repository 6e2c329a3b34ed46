// Apart from the error schemas (errors.ts), so a browser bundle that reads the codes builds no schema.

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
  /** A money or power move (or a factor change) asked for a fresh proof of who is at this session: POST /api/step-up. */
  StepUpRequired: 'STEP_UP_REQUIRED',
  /** A staff route, for a moderator or admin without a second factor where the deployment requires one. */
  SecondFactorRequired: 'SECOND_FACTOR_REQUIRED',
  /** A socket came back to a session that ended while it was away: its handshake is refused once with this. */
  SessionEnded: 'SESSION_ENDED',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  Unavailable: 'SERVICE_UNAVAILABLE',
  Internal: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
