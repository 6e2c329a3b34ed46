import { rooms, type SessionEndReason } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import type { RealtimeServer } from '../realtime/server.ts';

/**
 * A revoked member (ban, password change, deletion) is signed out in every open tab at once; an ended session
 * (ended from another one, or logged out) in the tabs of its browser alone. Rooms span every process.
 */
export function dispatchSessionEvents(app: FastifyInstance, io: RealtimeServer) {
  const signOut = (room: string, reason: SessionEndReason) => {
    io.to(room).emit('session:revoked', { reason });
    io.to(room).disconnectSockets(true);
  };
  app.events.on('session.revoked', ({ userId, reason }) => signOut(rooms.user(userId), reason));
  app.events.on('session.ended', ({ userId, sessionId, reason }) =>
    signOut(rooms.session(userId, sessionId), reason === 'logged_out' ? 'logged_out' : 'ended'),
  );
}
