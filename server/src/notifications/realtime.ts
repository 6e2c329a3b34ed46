import { rooms } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import type { RealtimeServer } from '../realtime/server.ts';

/** A new notification and a changed read mark reach every tab of the member, on every process. */
export function dispatchNotificationEvents(app: FastifyInstance, io: RealtimeServer) {
  app.events.on('notification.added', ({ userId, notification, unreadCount, readUpTo }) => {
    io.to(rooms.user(userId)).emit('notification:new', { notification, unreadCount, readUpTo });
  });
  app.events.on('notification.read', ({ userId, unreadCount, readUpTo }) => {
    io.to(rooms.user(userId)).emit('notification:read', { unreadCount, readUpTo });
  });
}
