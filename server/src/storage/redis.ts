import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** With REDIS_URL, this process's Redis client: rooms, read-model changes and rate limits meet there. */
    redis: Redis | null;
  }
}

/** Connects to REDIS_URL, if set, before anything uses it; quits last when the app closes. */
export async function connectRedis(app: FastifyInstance, url: string | undefined): Promise<void> {
  if (!url) {
    app.decorate('redis', null);
    return;
  }
  // Loaded only when configured: a single process never needs it.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  redis.on('error', (err) => app.log.error({ err }, 'redis connection error'));
  await redis.connect();
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    await redis.quit();
  });
}
