import { rooms } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import type { RealtimeServer } from '../realtime/server.ts';

/** Content staff removed disappears where it is shown: a reply from its thread's page, a message from both boxes. */
export function dispatchModerationEvents(app: FastifyInstance, io: RealtimeServer) {
  app.events.on('reply.removed', ({ threadId, postId }) => {
    io.to(rooms.thread(threadId)).emit('thread:reply-removed', { threadId, postId });
  });
  app.events.on('message.removed', ({ messageId, senderId, recipientId, unreadCount }) => {
    io.to([rooms.user(senderId), rooms.user(recipientId)]).emit('message:removed', { id: messageId });
    io.to(rooms.user(recipientId)).emit('message:unread', { unreadCount });
  });
}
