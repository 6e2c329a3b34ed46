import { ErrorCode, SERVER_TEXT } from '@enclave/protocol';

/** The one error class: rendered as `{ message, code, details? }` with its status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new AppError(400, ErrorCode.Validation, message, details);
export const unauthenticated = (message: string = SERVER_TEXT.notAuthenticated) =>
  new AppError(401, ErrorCode.Unauthenticated, message);
export const forbidden = (message: string = SERVER_TEXT.forbidden, code: ErrorCode = ErrorCode.Forbidden) =>
  new AppError(403, code, message);
export const notFound = (message: string = SERVER_TEXT.notFound) => new AppError(404, ErrorCode.NotFound, message);
export const conflict = (message: string, code: ErrorCode = ErrorCode.Conflict, details?: unknown) =>
  new AppError(409, code, message, details);
