import { type MemberSuggestion, PRESENCE, rooms, type ThreadReaders } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { presentMemberSuggestion } from '../users/presenter.ts';
import type { RealtimeServer } from './server.ts';

/** One process's own readers of a thread: its members' ids (once each) and its visitors' sockets. */
export interface ReaderTally {
  members: number[];
  visitors: number;
}

const THREAD_ROOM = /^thread:(\d+)$/;

/** This process's sockets in the thread's room (they joined it with read access: `thread:watch`). */
function localTally(io: RealtimeServer, threadId: number): ReaderTally {
  const namespace = io.of('/');
  const members = new Set<number>();
  let visitors = 0;
  for (const socketId of namespace.adapter.rooms.get(rooms.thread(threadId)) ?? []) {
    const userId = namespace.sockets.get(socketId)?.data.userId;
    if (userId === undefined) continue;
    if (userId === null) visitors += 1;
    else members.add(userId);
  }
  return { members: [...members], visitors };
}

/**
 * The other processes' tallies, asked over Redis (a request on its pub/sub channel, one small answer from each).
 * Cheaper than `fetchSockets()`, which would ship every socket's handshake (its headers, cookies included) to count
 * ids. Whatever answered within the adapter's 5 s counts; a process that went away is simply not asked again.
 */
function otherTallies(io: RealtimeServer, threadId: number): Promise<ReaderTally[]> {
  return new Promise((resolve) => {
    const answered = (_error: Error | null, tallies: ReaderTally[] | undefined) => resolve(tallies ?? []);
    // The adapter itself, not `io.serverSideEmit`, so that a Redis failure is answered here rather than left unhandled.
    const asked = io.of('/').adapter.serverSideEmit(['readers:tally', threadId, answered]) as unknown;
    if (asked instanceof Promise) asked.catch(() => resolve([]));
  });
}

/**
 * At most one run per key every `everyMs`: the first change runs at once (in the next turn, so one burst is one
 * run), later ones within the window make one more run at its end.
 */
function throttled(everyMs: number, run: (key: number) => void) {
  const held = new Map<number, { again: boolean }>();
  const start = (key: number) => {
    const window = { again: false };
    held.set(key, window);
    setImmediate(() => run(key));
    setTimeout(() => {
      held.delete(key);
      if (window.again) start(key);
    }, everyMs).unref();
  };
  return (key: number) => {
    const window = held.get(key);
    if (window) window.again = true;
    else start(key);
  };
}

/**
 * Who is reading each thread, sent to its room whenever this process's sockets join or leave it (a watch, an
 * unwatch, a socket dropping, a watcher removed after an edit), at most once a second per thread. The count covers
 * every process; nothing is stored (docs/presence.md).
 */
export function countReaders(app: FastifyInstance, io: RealtimeServer) {
  const multiProcess = app.redis !== null;
  let closing = false;

  const summarise = async (threadId: number, at: number, tallies: ReaderTally[]): Promise<ThreadReaders> => {
    const ids = [...new Set(tallies.flatMap((tally) => tally.members))];
    const cards = await app.members.cards(ids);
    const shown: MemberSuggestion[] = [];
    let hidden = 0;
    for (const id of ids) {
      const card = cards.get(id);
      if (!card || card.deletedAt) continue;
      if (card.privacy?.hideProfile) hidden += 1;
      else if (shown.length < PRESENCE.readersShown) shown.push(presentMemberSuggestion(card));
    }
    const visitors = tallies.reduce((sum, tally) => sum + tally.visitors, 0);
    return { threadId, members: ids.length, visitors, shown, hidden, at };
  };

  const send = async (threadId: number) => {
    if (closing) return;
    const at = Date.now();
    const tallies = [localTally(io, threadId), ...(multiProcess ? await otherTallies(io, threadId) : [])];
    const readers = await summarise(threadId, at, tallies);
    // An empty room has no one to tell.
    if (readers.members + readers.visitors > 0 && !closing)
      io.to(rooms.thread(threadId)).emit('thread:readers', readers);
  };
  const changed = throttled(PRESENCE.readersEveryMs, (threadId) => {
    send(threadId).catch((error: unknown) => app.log.warn({ err: error, threadId }, 'thread readers not sent'));
  });

  // Every way a socket enters or leaves a room passes through the adapter (a recovered socket's rooms too).
  const adapter = io.of('/').adapter;
  const onRoom = (room: string) => {
    const threadId = THREAD_ROOM.exec(room)?.[1];
    if (threadId) changed(Number(threadId));
  };
  adapter.on('join-room', onRoom);
  adapter.on('leave-room', onRoom);
  if (multiProcess) io.on('readers:tally', (threadId, answer) => answer(localTally(io, threadId)));
  app.addHook('preClose', async () => {
    closing = true;
  });
}
