import type { Redis } from 'ioredis';
import type { AdapterConstructor } from './recovery-guard.ts';

/**
 * With REDIS_URL, every server process shares its rooms through Redis streams, so an event raised
 * in one process reaches sockets connected to another. The streams adapter (unlike the plain Redis
 * adapter) keeps Socket.IO's connection state recovery working across processes.
 */
export async function redisStreamsAdapter(redis: Redis): Promise<AdapterConstructor> {
  // Loaded only when configured, as ioredis is.
  const { createAdapter } = await import('@socket.io/redis-streams-adapter');
  return createAdapter(redis);
}
