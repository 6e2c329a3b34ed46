import { rooms, SERVER_TEXT } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import type { RealtimeServer } from '../realtime/server.ts';
import { storedMember } from '../users/accounts.ts';
import { asReader } from '../users/standing.ts';
import { canSee } from './policy.ts';
import { readableThread } from './service.ts';

/**
 * Null when the member (or visitor) may read the thread's content now, else why not: the read gate as the thread's
 * room applies it (a banned or deleted member reads as a visitor). Mentions ask it too.
 */
export async function refusalFor(
  app: FastifyInstance,
  userId: number | null,
  threadId: number,
): Promise<string | null> {
  const user = userId === null ? null : await storedMember(app, userId);
  const viewer =
    user && !user.deletedAt && !user.isBanned ? asReader(user, app.config.STAFF_REQUIRE_2FA === true) : null;
  try {
    await readableThread(app, viewer, threadId);
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
}

/** After an edit, watchers who may no longer read the thread (now private or premium) leave its room. */
async function recheckWatchers(app: FastifyInstance, io: RealtimeServer, threadId: number) {
  const room = rooms.thread(threadId);
  for (const socket of await io.in(room).fetchSockets()) {
    if (await refusalFor(app, socket.data.userId, threadId)) socket.leave(room);
  }
}

/**
 * Thread rooms carry replies and group-buy progress, so a socket joins one only with read access:
 * the thread exists for it and, if premium, it holds access. The approval queue goes to staff.
 */
export function dispatchThreadEvents(app: FastifyInstance, io: RealtimeServer) {
  const failed = (error: unknown) => app.log.error({ err: error }, 'thread realtime event failed');

  io.on('connection', (socket) => {
    socket.on('thread:watch', (threadId, ack) => {
      const answer = typeof ack === 'function' ? ack : () => undefined;
      if (!Number.isSafeInteger(threadId) || threadId < 1) {
        answer({ ok: false, error: SERVER_TEXT.threadNotFound });
        return;
      }
      refusalFor(app, socket.data.userId, threadId).then(
        async (error) => {
          if (error) return answer({ ok: false, error });
          await socket.join(rooms.thread(threadId));
          answer({ ok: true });
        },
        (error: unknown) => {
          failed(error);
          answer({ ok: false, error: SERVER_TEXT.internal });
        },
      );
    });
    socket.on('thread:unwatch', (threadId) => {
      if (Number.isSafeInteger(threadId)) void socket.leave(rooms.thread(threadId));
    });
  });

  app.events.on('thread.pendingCreated', ({ thread }) => {
    io.to(rooms.staff).emit('approval:queued', { thread });
  });
  app.events.on('thread.approved', ({ threadId }) => {
    io.to(rooms.staff).emit('approval:approved', { threadId });
  });
  app.events.on('thread.updated', ({ threadId }) => {
    app.afterwards('thread realtime event failed', async () => {
      await recheckWatchers(app, io, threadId);
      io.to(rooms.thread(threadId)).emit('thread:updated', { threadId });
    });
  });
  app.events.on('thread.shared', ({ threadId, title, userIds }) => {
    io.to(userIds.map(rooms.user)).emit('thread:shared', { threadId, title });
  });
  app.events.on('thread.deleted', ({ threadId }) => {
    const room = rooms.thread(threadId);
    io.to([room, rooms.staff]).emit('thread:deleted', { threadId });
    io.in(room).socketsLeave(room);
  });
  /**
   * A group buy's progress and end go to its room and its participants, and, when everyone may see the thread, to
   * every tab: cards on every list show its places and its phase, and stop inviting members once it has ended.
   */
  const groupBuyAudience = (threadId: number, participantIds: number[]) => {
    const thread = app.forum.get(threadId);
    if (thread && canSee(null, thread)) return io;
    return io.to([rooms.thread(threadId), ...participantIds.map(rooms.user)]);
  };
  app.events.on('groupBuy.progress', ({ progress, participantIds }) => {
    groupBuyAudience(progress.threadId, participantIds).emit('groupbuy:progress', progress);
  });
  app.events.on('groupBuy.completed', ({ threadId, completedAt, participantIds }) => {
    groupBuyAudience(threadId, participantIds).emit('groupbuy:completed', { threadId, completedAt });
  });
  app.events.on('groupBuy.ended', ({ threadId, status, participantIds }) => {
    groupBuyAudience(threadId, participantIds).emit('groupbuy:ended', { threadId, status });
  });
}
