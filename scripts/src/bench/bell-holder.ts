/**
 * A child process holding members' sockets for the fan-out bench (fan-out.ts), so their client-side work stays off
 * the measured server's event loop. Each socket notes when its first 'notification:new' from each replier arrived,
 * on the wall clock shared by both processes (performance.timeOrigin + now()).
 */
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Socket } from 'socket.io-client';
import { closeAll, connectMany, connectSocket } from './sockets.ts';

type Order =
  | { type: 'open'; url: string; cookies: string[] }
  | { type: 'arrivals'; actors: string[]; timeoutMs: number }
  | { type: 'close' };

type Reply =
  | { type: 'ready'; open: number }
  | { type: 'arrivals'; byActor: Record<string, number[]>; missed: number }
  | { type: 'error'; error: string };

/** Sockets held by a child process, ready once all are open. */
export function holdBells(url: string, cookies: string[]) {
  const child = fork(fileURLToPath(import.meta.url), { execArgv: ['--import', 'tsx'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const next = <T extends Reply['type']>(type: T) =>
    new Promise<Extract<Reply, { type: T }>>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`bell holder exited with ${code}`));
      child.once('message', (message: Reply) => {
        child.off('exit', onExit);
        if (message.type === 'error') reject(new Error(message.error));
        else if (message.type === type) resolve(message as Extract<Reply, { type: T }>);
      });
      child.once('exit', onExit);
    });
  const send = (order: Order) => child.send(order);
  const ready = next('ready');
  send({ type: 'open', url, cookies });
  return {
    ready,
    /** When each socket heard of each actor's reply (waiting until all did, or the timeout). */
    arrivals(actors: string[], timeoutMs: number) {
      const answer = next('arrivals');
      send({ type: 'arrivals', actors, timeoutMs });
      return answer;
    },
    async stop() {
      if (child.connected) send({ type: 'close' });
      if (child.exitCode === null) await exited;
    },
  };
}

const now = () => performance.timeOrigin + performance.now();
const reply = (message: Reply) => process.send?.(message);

let sockets: Socket[] = [];
/** Per socket, when it first heard of a reply by each actor. */
const heard = new Map<Socket, Map<string, number>>();

async function arrivals(actors: string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const all = () => sockets.every((socket) => actors.every((actor) => heard.get(socket)?.has(actor)));
  while (!all() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  const byActor: Record<string, number[]> = {};
  let missed = 0;
  for (const actor of actors) {
    byActor[actor] = sockets.flatMap((socket) => heard.get(socket)?.get(actor) ?? []);
    missed += sockets.length - (byActor[actor]?.length ?? 0);
  }
  reply({ type: 'arrivals', byActor, missed });
}

if (process.send) {
  process.on('message', async (order: Order) => {
    try {
      if (order.type === 'open') {
        sockets = await connectMany(order.cookies.length, (i) =>
          connectSocket(order.url, { cookie: order.cookies[i], greeting: 'session:ready' }),
        );
        for (const socket of sockets) {
          const times = new Map<string, number>();
          heard.set(socket, times);
          socket.on('notification:new', ({ notification }: { notification: { actorName: string | null } }) => {
            const actor = notification.actorName ?? '';
            if (!times.has(actor)) times.set(actor, now());
          });
        }
        reply({ type: 'ready', open: sockets.length });
      } else if (order.type === 'arrivals') {
        await arrivals(order.actors, order.timeoutMs);
      } else {
        closeAll(sockets);
        process.exit(0);
      }
    } catch (error) {
      reply({ type: 'error', error: String(error) });
    }
  });
}
