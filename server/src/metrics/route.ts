import { createHash, timingSafeEqual } from 'node:crypto';
import { api, ErrorCode, METRICS_TEXT, SERVER_TEXT } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { AppError, unauthenticated } from '../errors.ts';
import { fromContract } from '../http/contract-route.ts';
import type { Metrics } from './plugin.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `Authorization: Bearer <token>`, compared in constant time (digests of equal length, whatever was sent). */
function bearsToken(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

/** Absent (the 404 of any unknown API route) while metrics are off; otherwise only for a bearer of the token. */
export function metricsRoute(app: FastifyInstance, metrics: Metrics | null): void {
  const contract = fromContract(api.metrics);
  // The answer is text, not JSON (its errors are JSON as everywhere): said so to the OpenAPI document.
  const text = { content: { 'text/plain': { schema: api.metrics.response[200] } } };
  app.route({
    ...contract,
    schema: { ...contract.schema, response: { ...contract.schema.response, 200: text } },
    handler: async (request, reply) => {
      const token = app.config.METRICS_TOKEN;
      if (!metrics || !token) {
        throw new AppError(404, ErrorCode.NotFound, SERVER_TEXT.routeNotFound(request.method, api.metrics.url));
      }
      if (!bearsToken(request.headers.authorization, token)) {
        reply.header('WWW-Authenticate', 'Bearer');
        throw unauthenticated(METRICS_TEXT.tokenRequired);
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    },
  });
}
