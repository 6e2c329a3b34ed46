import { rooms } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import type { RealtimeServer } from '../realtime/server.ts';
import { catchUpReplies } from './catch-up.ts';

/**
 * A new notification and a changed read mark reach every tab of the member, on every process. A tab that connects
 * catches its member up: a reply told while no tab was open (so not told) is then pushed to it.
 */
export function dispatchNotificationEvents(app: FastifyInstance, io: RealtimeServer) {
  io.on('connection', (socket) => {
    const { userId } = socket.data;
    if (userId === null) return;
    // Tracked, so closing waits for it and a test can await it (app.settled()).
    app.afterwards('replies not caught up', () => catchUpReplies(app, userId));
  });
  app.events.on('notification.added', ({ userId, notification, unreadCount, readUpTo }) => {
    io.to(rooms.user(userId)).emit('notification:new', { notification, unreadCount, readUpTo });
  });
  app.events.on('notification.read', ({ userId, unreadCount, readUpTo }) => {
    io.to(rooms.user(userId)).emit('notification:read', { unreadCount, readUpTo });
  });
}
