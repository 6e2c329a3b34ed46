import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import type { RealtimeServer } from './server.ts';

/**
 * With REDIS_URL, every server process shares its rooms through Redis streams, so an event raised
 * in one process reaches sockets connected to another. The streams adapter (unlike the plain Redis
 * adapter) keeps Socket.IO's connection state recovery working across processes.
 */
export async function shareRoomsThroughRedis(app: FastifyInstance, io: RealtimeServer, url: string): Promise<void> {
  const redis = createClient({ url });
  redis.on('error', (error) => app.log.error({ err: error }, 'redis connection error'));
  await redis.connect();
  io.adapter(createAdapter(redis));
  app.addHook('onClose', async () => {
    await redis.quit();
  });
}
