import { rooms } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import type { RealtimeServer } from '../realtime/server.ts';
import { applyToBell, bellChanged, bellsOf, closeBell, openBell } from './bells.ts';
import { catchUpReplies } from './catch-up.ts';

/**
 * A new notification and a changed read mark reach every tab of the member, on every process. A tab that connects
 * catches its member up: a reply told while no tab was open (so not told) is then pushed to it. While a member has
 * a tab open here, this process keeps their bell (bells.ts), so a reply tells them without reading anything.
 */
export function dispatchNotificationEvents(app: FastifyInstance, io: RealtimeServer) {
  io.on('connection', (socket) => {
    const { userId } = socket.data;
    if (userId === null) return;
    // Tracked, so closing waits for them and a test can await them (app.settled()).
    app.afterwards('bell not loaded', () => openBell(app, userId));
    app.afterwards('replies not caught up', () => catchUpReplies(app, userId));
    socket.on('disconnect', () => closeBell(app, userId));
  });
  app.events.on('notification.added', ({ userId, notification, unreadCount, readUpTo }) => {
    applyToBell(app, userId, { head: notification.id, readUpTo });
    io.to(rooms.user(userId)).emit('notification:new', { notification, unreadCount, readUpTo });
  });
  app.events.on('notification.read', ({ userId, unreadCount, readUpTo }) => {
    bellChanged(app, userId, { readUpTo });
    io.to(rooms.user(userId)).emit('notification:read', { unreadCount, readUpTo });
  });
  // Marks read and preferences chosen through another process.
  io.on('notifications:bell', (memberId, change) => applyToBell(app, memberId, change));
  // A restore: the lists may be shorter than the bells say; members are told the per-member way until they reconnect.
  app.changes.on((change) => {
    if (change.kind === 'all') bellsOf(app).clear();
  });
}
