import { rooms } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import type { RealtimeServer } from '../realtime/server.ts';

/** A revoked session (ban, password change, logout, deletion) signs every open tab out at once. */
export function dispatchSessionEvents(app: FastifyInstance, io: RealtimeServer) {
  app.events.on('session.revoked', ({ userId, reason }) => {
    const room = io.to(rooms.user(userId));
    room.emit('session:revoked', { reason });
    room.disconnectSockets(true);
  });
}
