/**
 * A child process holding authenticated sockets, so their client-side work stays off the measured
 * server's event loop and out of its heap. Optionally they watch a thread and time each
 * 'groupbuy:progress' on the wall clock shared by both processes (performance.timeOrigin + now()).
 */
import { performance } from 'node:perf_hooks';
import type { Socket } from 'socket.io-client';
import { closeAll, connectMany, connectSocket } from './sockets.ts';

export type HolderOrder =
  | { type: 'open'; url: string; cookies: string[]; watchThread?: number }
  | { type: 'progress'; current: number; timeoutMs: number }
  | { type: 'close' };

export type HolderReply =
  | { type: 'ready'; open: number; watching: number }
  | { type: 'progress'; arrivals: number[]; missed: number }
  | { type: 'error'; error: string };

const WATCH_BATCH = 20;
const WATCH_ACK_MS = 120_000;

const reply = (message: HolderReply) => process.send?.(message);
const now = () => performance.timeOrigin + performance.now();

let sockets: Socket[] = [];
const watching: Socket[] = [];
/** Per watching socket, when it first saw each progress count. */
const seen = new Map<Socket, Map<number, number>>();

async function watch(threadId: number): Promise<void> {
  for (let start = 0; start < sockets.length; start += WATCH_BATCH) {
    const batch = sockets.slice(start, start + WATCH_BATCH);
    const acks = await Promise.allSettled(
      batch.map((socket) => socket.timeout(WATCH_ACK_MS).emitWithAck('thread:watch', threadId)),
    );
    batch.forEach((socket, i) => {
      const ack = acks[i];
      if (ack?.status !== 'fulfilled' || !ack.value.ok) return;
      watching.push(socket);
      const times = new Map<number, number>();
      seen.set(socket, times);
      socket.on('groupbuy:progress', (progress: { threadId: number; current: number }) => {
        if (progress.threadId === threadId && !times.has(progress.current)) times.set(progress.current, now());
      });
    });
  }
}

async function progress(current: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const arrived = () => watching.filter((socket) => seen.get(socket)?.has(current)).length;
  while (arrived() < watching.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  const arrivals = watching.flatMap((socket) => seen.get(socket)?.get(current) ?? []);
  reply({ type: 'progress', arrivals, missed: watching.length - arrivals.length });
}

process.on('message', async (order: HolderOrder) => {
  try {
    if (order.type === 'open') {
      sockets = await connectMany(order.cookies.length, (i) =>
        connectSocket(order.url, { cookie: order.cookies[i], greeting: 'session:ready' }),
      );
      if (order.watchThread !== undefined) await watch(order.watchThread);
      reply({ type: 'ready', open: sockets.length, watching: watching.length });
    } else if (order.type === 'progress') {
      await progress(order.current, order.timeoutMs);
    } else {
      closeAll(sockets);
      process.exit(0);
    }
  } catch (error) {
    reply({ type: 'error', error: String(error) });
  }
});
