import { rooms } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import type { RealtimeServer } from '../../realtime/server.ts';

/** A restore's real progress, to every tab of the admin who started it. */
export function dispatchDatabaseEvents(app: FastifyInstance, io: RealtimeServer) {
  app.events.on('database.restoreProgress', ({ userId, percent }) => {
    io.to(rooms.user(userId)).emit('restore:progress', { percent });
  });
}
