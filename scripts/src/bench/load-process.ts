import { fork } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
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

/** Kept-alive connections, as a browser keeps them: each round after the first reuses its twenty. */
const agent = new Agent({ keepAlive: true });

/**
 * One request's time, from its sending to its answer's last byte. Sent with node:http, whose client costs a fraction
 * of fetch's (undici's WHATWG streams) on the two cores this process shares with the server and its database.
 */
function send(request: BenchRequest): Promise<Answered> {
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  const began = performance.now();
  return new Promise((resolve) => {
    const sent = httpRequest(
      request.url,
      {
        method: request.method,
        agent,
        timeout: 60_000,
        headers: {
          cookie: request.cookie,
          'x-requested-with': 'bench',
          ...(request.address && { 'x-forwarded-for': request.address }),
          ...(body !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve({ ms: performance.now() - began });
          else resolve({ error: `${status} ${Buffer.concat(chunks).toString().slice(0, 80)}` });
        });
      },
    );
    sent.on('timeout', () => sent.destroy(new Error('no answer within 60 s')));
    sent.on('error', (error) => resolve({ error: error.message }));
    sent.end(body);
  });
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
