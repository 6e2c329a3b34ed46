import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { type HttpFigure, loadTest } from './http.ts';

/**
 * Load sent from a process of its own, so the server's event loop measures the server alone: autocannon's runs
 * (the throughput row) and rounds of requests sent together (the concurrent writers). The parent signs the
 * members in (it holds the app's secret) and hands over finished requests.
 */

export interface BenchRequest {
  method: 'GET' | 'POST';
  url: string;
  cookie: string;
  body?: unknown;
  /** The client's address as the proxy tells it (the bench's server trusts one proxy hop). */
  address?: string;
}

/** One request's answer: its time, or why it failed. */
export type Answered = { ms: number } | { error: string };

type Order = { type: 'load'; url: string; cookies: string[] } | { type: 'rounds'; rounds: BenchRequest[][] };
type Reply =
  | { type: 'load'; figure: HttpFigure }
  | { type: 'rounds'; answers: Answered[][] }
  | { type: 'error'; error: string };

const entry = fileURLToPath(import.meta.url);

function inChild<T extends Reply['type']>(order: Order & { type: T }): Promise<Extract<Reply, { type: T }>> {
  const child = fork(entry, ['--load-process'], { execArgv: ['--import', 'tsx'] });
  return new Promise((resolve, reject) => {
    child.once('message', (reply: Reply) => {
      child.kill();
      if (reply.type === 'error') reject(new Error(reply.error));
      else resolve(reply as Extract<Reply, { type: T }>);
    });
    child.once('exit', (code) => reject(new Error(`load process exited with ${code}`)));
    child.send(order);
  });
}

/** `loadTest` (20 connections for 5 s) from a process of its own. */
export const loadFromOwnProcess = async (url: string, cookies: string[]) =>
  (await inChild({ type: 'load', url, cookies })).figure;

/** Each round's requests sent at once, the next round once all have answered: every request's time. */
export const roundsFromOwnProcess = async (rounds: BenchRequest[][]) =>
  (await inChild({ type: 'rounds', rounds })).answers;

async function send(request: BenchRequest): Promise<Answered> {
  const began = performance.now();
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: {
        cookie: request.cookie,
        'x-requested-with': 'bench',
        ...(request.address && { 'x-forwarded-for': request.address }),
        ...(request.body !== undefined && { 'content-type': 'application/json' }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    if (!response.ok) return { error: `${response.status} ${text.slice(0, 80)}` };
    return { ms: performance.now() - began };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

async function obey(order: Order): Promise<Reply> {
  if (order.type === 'load') return { type: 'load', figure: await loadTest(order.url, order.cookies) };
  const answers: Answered[][] = [];
  for (const round of order.rounds) answers.push(await Promise.all(round.map(send)));
  return { type: 'rounds', answers };
}

if (process.argv.includes('--load-process')) {
  process.once('message', (order: Order) => {
    obey(order)
      .catch((error: unknown): Reply => ({ type: 'error', error: String(error) }))
      .then((reply) => process.send?.(reply));
  });
}
