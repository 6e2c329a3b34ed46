import { ErrorCode, type ErrorDetails, PAGE_TEXT, SERVER_TEXT } from '@enclave/protocol';
import { formatDateTime } from '../components/dates.ts';

const KNOWN_CODES = new Set<string>(Object.values(ErrorCode));

/** A non-OK answer from the API: the server's `{ message, code, details? }` or the best text we could read. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly code?: ErrorCode,
    readonly details?: unknown,
  ) {
    super(message);
  }

  /** The details the contract declares for `code`, when this is that error; null otherwise. */
  detailsOf<C extends keyof ErrorDetails>(code: C): ErrorDetails[C] | null {
    return this.code === code && this.details !== undefined ? (this.details as ErrorDetails[C]) : null;
  }

  static async fromResponse(response: Response): Promise<ApiError> {
    const text = await response.text().catch(() => '');
    const body = parseObject(text);
    const message =
      (typeof body?.message === 'string' && body.message) ||
      (body ? '' : text.trim()) ||
      response.statusText ||
      PAGE_TEXT.unknownRequestError;
    const code = typeof body?.code === 'string' && KNOWN_CODES.has(body.code) ? (body.code as ErrorCode) : undefined;
    const error = new ApiError(response.status, message, code, body?.details);
    const readable = readableText(error);
    return readable ? new ApiError(response.status, readable, code, body?.details) : error;
  }
}

/**
 * Seconds until the refused call may be repeated, when the server said so (a verification code resend);
 * null for any other error.
 */
export function retryAfterOf(error: unknown): number | null {
  const seconds = error instanceof ApiError ? error.detailsOf(ErrorCode.RateLimited)?.retryAfterSeconds : undefined;
  return typeof seconds === 'number' && seconds > 0 ? seconds : null;
}

/** A text that holds an instant is said here, from the error's typed details, in the reader's zone and format. */
function readableText(error: ApiError): string | null {
  const instant = (value: unknown) =>
    typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? formatDateTime(value) : null;
  const mutedUntil = instant(error.detailsOf(ErrorCode.Muted)?.mutedUntil);
  if (mutedUntil) return SERVER_TEXT.mutedUntil(mutedUntil);
  const lockedUntil = instant(error.detailsOf(ErrorCode.AccountLocked)?.lockedUntil);
  return lockedUntil ? SERVER_TEXT.accountLocked(lockedUntil) : null;
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
