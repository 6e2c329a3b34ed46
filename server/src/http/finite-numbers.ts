import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../errors.ts';

/**
 * Ajv reads a number in a path or query string as `+value`, so '1e400' (or 'Infinity') becomes Infinity, and it
 * checks `minimum` and `maximum` on finite numbers only: Infinity passed every bound a contract declares
 * (`/api/users/1e400/picture` answered 500, `?limit=1e400` asked for a page without end). After validation, and
 * before any guard or handler, a number that is not finite is refused as validation refuses.
 */
export function refuseInfiniteNumbers(app: FastifyInstance) {
  app.addHook('preHandler', async (request: FastifyRequest) => {
    for (const [part, values] of [
      ['params', request.params],
      ['querystring', request.query],
    ] as const) {
      for (const [name, value] of Object.entries((values ?? {}) as Record<string, unknown>)) {
        if ([value].flat().some((item) => typeof item === 'number' && !Number.isFinite(item))) {
          throw badRequest(`${part}.${name} must be a finite number`);
        }
      }
    }
  });
}
