import { rooms } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import type { RealtimeServer } from '../realtime/server.ts';

/**
 * A thread's or a reply's new counts go to the thread's room (its sockets joined with read access), a message's to
 * its two members' rooms. Counts only: nobody's own kinds, no names.
 */
export function dispatchReactionEvents(app: FastifyInstance, io: RealtimeServer) {
  app.events.on('reaction.changed', ({ memberIds, ...changed }) => {
    if (changed.target === 'message') io.to(memberIds.map(rooms.user)).emit('reaction:changed', changed);
    else if (changed.threadId !== null) io.to(rooms.thread(changed.threadId)).emit('reaction:changed', changed);
  });
}
