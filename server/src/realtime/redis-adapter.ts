import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import type { AdapterConstructor } from './recovery-guard.ts';

/**
 * With REDIS_URL, every server process shares its rooms through Redis streams, so an event raised
 * in one process reaches sockets connected to another. The streams adapter (unlike the plain Redis
 * adapter) keeps Socket.IO's connection state recovery working across processes.
 */
export async function redisStreamsAdapter(app: FastifyInstance, url: string): Promise<AdapterConstructor> {
  const redis = createClient({ url });
  redis.on('error', (error) => app.log.error({ err: error }, 'redis connection error'));
  await redis.connect();
  app.addHook('onClose', async () => {
    await redis.quit();
  });
  return createAdapter(redis);
}
