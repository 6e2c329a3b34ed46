import { api, type ErrorBody, ErrorCode, SERVER_TEXT, schemaMessage } from '@enclave/protocol';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import { databaseUnavailable, isDatabaseUnavailable } from '../storage/index.ts';

/** Spec 000 §7: these calls' error answers carry an `error` field as well. */
const ERROR_FIELD_ROUTES = new Set<string>([api.verifyEmail.url, api.resendVerification.url]);

interface SchemaIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
  parentSchema?: { errorMessage?: unknown; properties?: Record<string, unknown> };
}

/** A schema may carry the spec's own wording as `errorMessage`; otherwise say what and where. */
function describe(issue: SchemaIssue, context: string | undefined): string {
  const missing = issue.keyword === 'required' ? String(issue.params.missingProperty) : undefined;
  const custom = missing
    ? schemaMessage(issue.parentSchema?.properties?.[missing], 'required')
    : schemaMessage(issue.parentSchema, issue.keyword);
  if (custom) return custom;
  const field = [context, ...issue.instancePath.split('/').filter(Boolean), missing].filter(Boolean).join('.');
  return missing ? `${field} is required` : `${field} ${issue.message ?? 'is invalid'}`;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let status: number;
    let body: ErrorBody;
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      error = databaseUnavailable();
    }
    if (error instanceof AppError) {
      status = error.statusCode;
      body = { message: error.message, code: error.code, details: error.details };
    } else if (error.validation) {
      const issues = error.validation as unknown as SchemaIssue[];
      status = 400;
      body = {
        message: describe(issues[0] as SchemaIssue, error.validationContext),
        code: ErrorCode.Validation,
        details: issues.map((issue) => ({
          path: issue.instancePath,
          message: describe(issue, error.validationContext),
        })),
      };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      const code =
        status === 429 ? ErrorCode.RateLimited : status === 413 ? ErrorCode.PayloadTooLarge : ErrorCode.Validation;
      body = { message: status === 429 ? SERVER_TEXT.rateLimited : error.message, code };
    } else {
      // 5xx: log the cause, tell the client nothing about the internals.
      request.log.error({ err: error }, 'unhandled error');
      status = error.statusCode && error.statusCode >= 500 ? error.statusCode : 500;
      body = { message: SERVER_TEXT.internal, code: status === 503 ? ErrorCode.Unavailable : ErrorCode.Internal };
    }
    if (body.details === undefined) delete body.details;
    if (ERROR_FIELD_ROUTES.has(request.routeOptions.url ?? '')) body.error = body.message;
    return reply.status(status).type('application/json').send(body);
  });
}
