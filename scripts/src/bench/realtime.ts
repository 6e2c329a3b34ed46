import { performance } from 'node:perf_hooks';
import { api, pathOf } from '@enclave/protocol';
import { openSession } from '@enclave/server/auth/session-records.ts';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { Socket } from 'socket.io-client';
import { GROUP_BUY_CONTRIBUTORS, GROUP_BUY_THREAD, REALTIME_SIZE } from './dataset.ts';
import { holdSockets } from './holder.ts';
import { closeAll, connectMany, connectSocket } from './sockets.ts';

const WAIT_MS = 10_000;
const PHASE_MS = 60_000;

const BENCH_CLIENT = { device: 'Bench', deviceType: 'other', browser: 'Bench', place: '127.0.0.0/24' } as const;
const cookies = new WeakMap<FastifyInstance, Map<number, Promise<string>>>();

/** A signed-in cookie of a bench member (session version 1, as seeded): one session record per member and app. */
export function sessionCookie(app: FastifyInstance, userId: number): Promise<string> {
  const known = cookies.get(app) ?? new Map<number, Promise<string>>();
  cookies.set(app, known);
  const cookie =
    known.get(userId) ??
    openSession(app, { id: userId, sessionVersion: 1 }, BENCH_CLIENT, 'password').then(
      ({ token }) => `enclave_session=${token}`,
    );
  known.set(userId, cookie);
  return cookie;
}

async function post(baseUrl: string, path: string, cookie: string, body: unknown): Promise<void> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'bench' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
}

function nextEvent<T>(socket: Socket, event: string, matches: (payload: T) => boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${WAIT_MS} ms`));
    }, WAIT_MS);
    const listener = (payload: T) => {
      if (!matches(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(performance.now());
    };
    socket.on(event, listener);
  });
}

/**
 * POST /api/messages to the recipient's 'message:new', one message at a time. Every sender sends
 * once, so the per-sender rate limit (1 message / 2 s) never answers 429.
 */
export async function messagePushLatencies(app: FastifyInstance, baseUrl: string, samples: number): Promise<number[]> {
  const recipients = 100;
  const senders = Math.min(samples, REALTIME_SIZE.members - recipients);
  const sockets = await connectMany(recipients, (i) =>
    sessionCookie(app, i + 1).then((cookie) => connectSocket(baseUrl, { cookie, greeting: 'session:ready' })),
  );
  const latencies: number[] = [];
  const deadline = performance.now() + PHASE_MS;
  try {
    for (let i = 0; i < senders && performance.now() < deadline; i++) {
      const recipient = i % recipients;
      const socket = sockets[recipient];
      if (!socket) break;
      const content = `bench message ${i}`;
      const arrived = nextEvent<{ content: string }>(socket, 'message:new', (m) => m.content === content);
      const start = performance.now();
      await post(baseUrl, api.sendMessage.url, await sessionCookie(app, recipients + i + 1), {
        recipientId: recipient + 1,
        content,
      });
      latencies.push((await arrived) - start);
    }
  } finally {
    closeAll(sockets);
  }
  return latencies;
}

/** A plain Socket.IO server acking what it receives: the floor for a round trip on this machine. */
export async function bareEchoLatencies(samples: number): Promise<number[]> {
  const server = new Server();
  server.on('connection', (socket) => {
    socket.on('echo', (payload: unknown, ack: (reply: unknown) => void) => ack(payload));
  });
  server.listen(0);
  const address = server.httpServer.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  const socket = await connectSocket(`http://127.0.0.1:${port}`);
  const latencies: number[] = [];
  const deadline = performance.now() + PHASE_MS;
  try {
    for (let i = 0; i < samples && performance.now() < deadline; i++) {
      const start = performance.now();
      await socket.timeout(WAIT_MS).emitWithAck('echo', { i });
      latencies.push(performance.now() - start);
    }
  } finally {
    socket.close();
    await server.close();
  }
  return latencies;
}

/** From each contribute POST to every watcher's 'groupbuy:progress' for it; the watchers live in a child process. */
export async function groupBuyDeliveries(
  app: FastifyInstance,
  baseUrl: string,
  watchers: number,
): Promise<{ delays: number[]; missed: number }> {
  const watcherCookies = await Promise.all(
    Array.from({ length: watchers }, (_, i) => sessionCookie(app, (i % REALTIME_SIZE.members) + 1)),
  );
  const holder = holdSockets(baseUrl, watcherCookies, GROUP_BUY_THREAD);
  try {
    const { watching } = await holder.ready;
    const delays: number[] = [];
    let missed = (watchers - watching) * GROUP_BUY_CONTRIBUTORS.length;
    for (const [n, contributor] of GROUP_BUY_CONTRIBUTORS.entries()) {
      const start = performance.timeOrigin + performance.now();
      await post(baseUrl, pathOf(api.contribute.url, { id: GROUP_BUY_THREAD }), await sessionCookie(app, contributor), {
        amount: 1,
      });
      const progress = await holder.progress(n + 1, WAIT_MS);
      delays.push(...progress.arrivals.map((at) => at - start));
      missed += progress.missed;
    }
    return { delays, missed };
  } finally {
    await holder.stop();
  }
}
