import { ErrorCode, type ErrorDetails, PAGE_TEXT } from '@enclave/protocol';

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
    return new ApiError(response.status, message, code, body?.details);
  }
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
