import { rooms } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import type { RealtimeServer } from '../realtime/server.ts';

/** A new reply goes to the thread's room, which only sockets with read access have joined. */
export function dispatchReplyEvents(app: FastifyInstance, io: RealtimeServer) {
  app.events.on('reply.created', ({ post }) => {
    io.to(rooms.thread(post.threadId)).emit('thread:reply', { threadId: post.threadId, post });
  });
}
