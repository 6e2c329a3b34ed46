import { ErrorCode, SERVER_TEXT } from '@enclave/protocol';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * Counted in Redis with REDIS_URL, so several processes share one allowance (a member alternating between two
 * replicas gets the allowance of one); in this process's memory otherwise. Redis unreachable, requests pass.
 */
export async function registerRateLimits(app: FastifyInstance) {
  await app.register(fastifyRateLimit, {
    global: false,
    ...(app.redis && { redis: app.redis, nameSpace: 'enclave:rate-limit:', skipOnError: true }),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, ErrorCode.RateLimited, SERVER_TEXT.rateLimited, { retryAfterMs: context.ttl }),
  });
}

interface Limit {
  /** Counter name, so each limit counts on its own. */
  name: string;
  max: number;
  windowMs: number;
  /** Per client address (default) or per signed-in member. */
  by?: 'ip' | 'member';
  message?: string;
}

/**
 * A rate limit as a pre-handler; stack several for several windows (6 a minute and 30 an hour). Built on
 * `createRateLimit`, which counts every time it is asked: the plugin's own `rateLimit` hook runs once per request,
 * so of two stacked on a route the second never counted (every hourly bound, and a thread's per-address bound).
 */
export function rateLimit(
  app: FastifyInstance,
  { name, max, windowMs, by = 'ip', message }: Limit,
): preHandlerHookHandler {
  const count = app.createRateLimit({
    max,
    timeWindow: windowMs,
    keyGenerator: (request: FastifyRequest) =>
      `${name}:${by === 'member' ? `member:${request.viewer?.id ?? request.ip}` : request.ip}`,
  });
  return async (request, reply) => {
    const counted = await count(request);
    if (counted.isAllowed || !counted.isExceeded) return;
    reply.header('retry-after', counted.ttlInSeconds);
    throw new AppError(429, ErrorCode.RateLimited, message ?? SERVER_TEXT.rateLimited, { retryAfterMs: counted.ttl });
  };
}
