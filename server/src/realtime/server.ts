import { type ClientToServerEvents, rooms, type ServerToClientEvents, type SocketData } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { dispatchDatabaseEvents } from '../admin/database/realtime.ts';
import { dispatchSessionEvents } from '../auth/realtime.ts';
import { SESSION_COOKIE } from '../auth/session.ts';
import { isDatabaseUnavailable } from '../db/availability.ts';
import { dispatchModerationEvents } from '../moderation/realtime.ts';
import { dispatchPaymentEvents } from '../payments/realtime.ts';
import { dispatchPostEvents } from '../posts/realtime.ts';
import { dispatchPrivateMessageEvents } from '../private-messages/realtime.ts';
import { dispatchReportEvents } from '../reports/realtime.ts';
import { dispatchThreadEvents } from '../threads/realtime.ts';
import { isStaff } from '../users/user-model.ts';
import { dispatchWalletEvents } from '../wallet/realtime.ts';
import { limitFlooding } from './flood-limit.ts';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

const RECOVERY_WINDOW_MS = 2 * 60 * 1000;

/** Socket.IO on the same HTTP server as the API, with connection state recovery. */
export function attachRealtime(app: FastifyInstance): RealtimeServer {
  const io: RealtimeServer = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false },
  });

  // The handshake is authenticated by the same HttpOnly cookie as REST; anonymous sockets may watch public rooms.
  io.use((socket, next) => {
    const cookies = app.parseCookie(socket.request.headers.cookie ?? '');
    app
      .resolveSession(cookies[SESSION_COOKIE])
      .then((user) => {
        socket.data = user
          ? { userId: user.id, sessionVersion: user.sessionVersion, isStaff: isStaff(user) }
          : { userId: null, sessionVersion: 0, isStaff: false };
        next();
      })
      .catch((error: Error) => {
        // A refused handshake tells the client to stop trying; while the database is away, hang up instead so
        // it reconnects (with backoff) until the database is back.
        if (isDatabaseUnavailable(error)) socket.conn.close();
        next(error);
      });
  });

  io.on('connection', (socket) => {
    limitFlooding(socket);
    const { userId, isStaff } = socket.data;
    if (userId !== null) void socket.join(rooms.user(userId));
    if (isStaff) void socket.join(rooms.staff);
    socket.emit('session:ready', { userId });
    socket.on('ping', (ack) => {
      if (typeof ack === 'function') ack({ at: Date.now() });
    });
  });

  // Each domain maps its domain events to rooms; handlers never emit themselves.
  for (const dispatch of [
    dispatchSessionEvents,
    dispatchWalletEvents,
    dispatchPrivateMessageEvents,
    dispatchPaymentEvents,
    dispatchThreadEvents,
    dispatchPostEvents,
    dispatchReportEvents,
    dispatchModerationEvents,
    dispatchDatabaseEvents,
  ])
    dispatch(app, io);

  // Sockets hold the HTTP server open: close them before Fastify stops accepting. Closing their transports (no
  // DISCONNECT packet, which would tell clients never to come back) lets them reconnect to the next server.
  app.addHook('preClose', async () => {
    io.engine.close();
  });
  return io;
}
