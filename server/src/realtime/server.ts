import {
  type ClientToServerEvents,
  ErrorCode,
  rooms,
  SESSION_TEXT,
  type ServerToClientEvents,
  type SocketData,
} from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { SessionAwareAdapter } from 'socket.io-adapter';
import { dispatchDatabaseEvents } from '../admin/database/realtime.ts';
import { dispatchSessionEvents } from '../auth/realtime.ts';
import { SESSION_COOKIE, standingMember } from '../auth/session.ts';
import { dispatchModerationEvents } from '../moderation/realtime.ts';
import type { BellChange } from '../notifications/bells.ts';
import { dispatchNotificationEvents } from '../notifications/realtime.ts';
import { dispatchPaymentEvents } from '../payments/realtime.ts';
import { dispatchPrivateMessageEvents } from '../private-messages/realtime.ts';
import { relayTyping } from '../private-messages/typing.ts';
import { dispatchReactionEvents } from '../reactions/realtime.ts';
import type { Change } from '../read-models/changes.ts';
import { dispatchReplyEvents } from '../replies/realtime.ts';
import { dispatchReportEvents } from '../reports/realtime.ts';
import { isDatabaseUnavailable } from '../storage/index.ts';
import { dispatchThreadEvents } from '../threads/realtime.ts';
import { actsAsStaff } from '../users/standing.ts';
import type { UserRecord } from '../users/user-model.ts';
import { dispatchWalletEvents } from '../wallet/realtime.ts';
import { limitFlooding } from './flood-limit.ts';
import { countReaders, type ReaderTally } from './readers.ts';
import { recoveryGuard } from './recovery-guard.ts';
import { redisStreamsAdapter } from './redis-adapter.ts';

/** Server-side events travel between server processes (through the Redis adapter), never to a browser. */
interface ServerSideEvents {
  'readModel:changed': (change: Change) => void;
  'notifications:bell': (memberId: number, change: BellChange) => void;
  /** Asked by a process counting a thread's readers: each other process answers with its own (readers.ts). */
  'readers:tally': (threadId: number, answer: (tally: ReaderTally) => void) => void;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;

/** Whether a member's socket joins the staff rooms (live queues): staff with their staff powers open. */
const staffSocket = (app: FastifyInstance, user: UserRecord) =>
  actsAsStaff(user, app.config.STAFF_REQUIRE_2FA === true);

/** Whether the session a socket was authenticated with still stands, and with the same role. */
async function stillSignedIn(
  app: FastifyInstance,
  { userId, sessionVersion, sessionId, isStaff: wasStaff }: SocketData,
) {
  if (userId === null) return true;
  const user = sessionId ? await standingMember(app, userId, sessionVersion, sessionId) : null;
  return user !== null && staffSocket(app, user) === wasStaff;
}

/** A refused handshake; the client reads `data.code`. */
function sessionEnded(): Error {
  return Object.assign(new Error(SESSION_TEXT.revoked.ended), { data: { code: ErrorCode.SessionEnded } });
}

/**
 * Socket.IO on the same HTTP server as the API, with connection state recovery guarded by the session, and, with
 * REDIS_URL, rooms shared with the other server processes.
 */
export async function attachRealtime(app: FastifyInstance): Promise<RealtimeServer> {
  const guard = recoveryGuard((data) => stillSignedIn(app, data));
  const io: RealtimeServer = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    connectionStateRecovery: { maxDisconnectionDuration: guard.windowMs, skipMiddlewares: false },
    adapter: guard.guarded(SessionAwareAdapter),
  });
  if (app.redis) io.adapter(guard.guarded(await redisStreamsAdapter(app.redis)));

  // The handshake is authenticated by the same HttpOnly cookie as REST; anonymous sockets may watch public rooms.
  // A socket that comes back must come back as the member it left as (recovery restored its rooms already).
  io.use((socket, next) => {
    const cookies = app.parseCookie(socket.request.headers.cookie ?? '');
    app
      .resolveSession(cookies[SESSION_COOKIE])
      .then((session) => {
        const user = session?.user ?? null;
        const cameBackAsSomeoneElse = socket.recovered && socket.data.userId !== (user?.id ?? null);
        if (guard.endedOnReturn(socket) || cameBackAsSomeoneElse) return next(sessionEnded());
        socket.data = session
          ? {
              userId: session.user.id,
              sessionVersion: session.user.sessionVersion,
              sessionId: session.sessionId,
              isStaff: staffSocket(app, session.user),
            }
          : { userId: null, sessionVersion: 0, sessionId: null, isStaff: false };
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
    const { userId, sessionId, isStaff } = socket.data;
    if (userId !== null) void socket.join(rooms.user(userId));
    if (userId !== null && sessionId !== null) void socket.join(rooms.session(userId, sessionId));
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
    dispatchReplyEvents,
    dispatchReactionEvents,
    dispatchReportEvents,
    dispatchModerationEvents,
    dispatchDatabaseEvents,
    dispatchNotificationEvents,
    countReaders,
    relayTyping,
  ])
    dispatch(app, io);

  // Sockets hold the HTTP server open: close them before Fastify stops accepting. Closing their transports (no
  // DISCONNECT packet, which would tell clients never to come back) lets them reconnect to the next server.
  app.addHook('preClose', async () => {
    io.engine.close();
  });
  return io;
}
