import {
  type AccountLockedDetails,
  ErrorCode,
  type MutedDetails,
  PAGE_TEXT,
  type RetryAfterDetails,
  SERVER_TEXT,
} from '@enclave/protocol';
import { formatDateTime } from '../components/dates.ts';

/** A non-OK answer from the API: the server's `{ message, code, details? }` or the best text we could read. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  static async fromResponse(response: Response): Promise<ApiError> {
    const text = await response.text().catch(() => '');
    const body = parseObject(text);
    const message =
      (typeof body?.message === 'string' && body.message) ||
      (body ? '' : text.trim()) ||
      response.statusText ||
      PAGE_TEXT.unknownRequestError;
    const code = typeof body?.code === 'string' ? body.code : undefined;
    return new ApiError(response.status, readableText(code, body?.details) ?? message, code, body?.details);
  }
}

/**
 * Seconds until the refused call may be repeated, when the server said so (a verification code resend);
 * null for any other error.
 */
export function retryAfterOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.RateLimited) return null;
  const seconds = (error.details as Partial<RetryAfterDetails> | undefined)?.retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : null;
}

/** A text that holds an instant is said here, from the error's typed details, in the reader's zone and format. */
function readableText(code: string | undefined, details: unknown): string | null {
  const instant = (key: string) => {
    const value = (details as Record<string, unknown> | undefined)?.[key];
    return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? formatDateTime(value) : null;
  };
  if (code === ErrorCode.Muted) {
    const until = instant('mutedUntil' satisfies keyof MutedDetails);
    return until && SERVER_TEXT.mutedUntil(until);
  }
  if (code === ErrorCode.AccountLocked) {
    const until = instant('lockedUntil' satisfies keyof AccountLockedDetails);
    return until && SERVER_TEXT.accountLocked(until);
  }
  return null;
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
