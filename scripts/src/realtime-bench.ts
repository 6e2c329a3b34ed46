/**
 * `npm run bench` (see bench.ts): the built server on a temporary embedded database with a generated dataset,
 * measured against bare Fastify and bare Socket.IO in the same process. Prints one table.
 */
import { cpus, totalmem } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '@enclave/server';
import { loadEnv } from '@enclave/server/config.ts';
import { startDatabaseServer, withDatabase } from '@enclave/server/storage/index.ts';
import Fastify from 'fastify';
import { initialJsGzipBytes } from './bench/client-size.ts';
import { REALTIME_SIZE } from './bench/dataset.ts';
import { checkDataset } from './bench/dataset-check.ts';
import { writeDataset } from './bench/forum-dataset.ts';
import { holdSockets } from './bench/holder.ts';
import { type HttpFigure, loadTest } from './bench/http.ts';
import { bareEchoLatencies, groupBuyDeliveries, messagePushLatencies, sessionCookie } from './bench/realtime.ts';
import { percentile } from './bench/sockets.ts';
import { formatTable } from './bench/table.ts';
import { buildClientIfNeeded, CLIENT_DIST } from './client-build.ts';

const IDLE_SOCKETS = 2000;
const WATCHERS = 1000;
const PUSH_SAMPLES = 300;
// Every phase has its own bound; this one stops a run that hangs anyway.
const WHOLE_RUN_MS = 20 * 60_000;

const log = (line: string) => process.stderr.write(`${line}\n`);
const watchdog = setTimeout(() => {
  log('bench: exceeded its time bound, stopping with the figures measured so far');
  printTable('unknown');
  process.exit(1);
}, WHOLE_RUN_MS);
watchdog.unref();

function heapUsed(): number {
  global.gc?.();
  return process.memoryUsage().heapUsed;
}

function portOf(server: { address(): unknown }): number {
  const address = server.address();
  return address && typeof address === 'object' ? (address as { port: number }).port : 0;
}

const rows: [string, string, string, string][] = [];

/** A phase that fails is reported as not measured; the others still run. */
async function phase(name: string, measure: () => Promise<void>): Promise<void> {
  try {
    await measure();
  } catch (error) {
    rows.push([`${name}: NOT MEASURED (${error instanceof Error ? error.message : String(error)})`, '', '', '']);
  }
}
const ms = (value: number) => `${value.toFixed(1)} ms`;
const verdict = (pass: boolean) => (pass ? 'pass' : 'MISS');

function printTable(backend: string): void {
  process.stdout.write(
    `Enclave bench, ${new Date().toISOString()}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GB, ` +
      `database ${backend}, heap figures ${global.gc ? 'after gc' : 'without gc (run with --expose-gc)'}\n\n`,
  );
  process.stdout.write(formatTable(rows));
}

buildClientIfNeeded();
const database = await startDatabaseServer({ log });
const { members, threads, replies } = REALTIME_SIZE;
log(`bench: writing ${members} members, ${threads} threads, ${replies} replies`);
await writeDataset(withDatabase(database.uri, 'enclave-bench'), REALTIME_SIZE);
const app = await buildApp({
  ...loadEnv({ ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'test' }),
  database: { uri: withDatabase(database.uri, 'enclave-bench'), backend: database.backend },
});
const bare = Fastify();
try {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const baseUrl = `http://127.0.0.1:${portOf(app.server)}`;
  // Throws when the routes read the dataset other than as written: no figure is worth printing then.
  await checkDataset(app, baseUrl, REALTIME_SIZE);

  const categoriesJson = await (await fetch(`${baseUrl}/api/categories`)).text();
  bare.get('/categories', (_request, reply) => reply.type('application/json').send(categoriesJson));
  await bare.listen({ host: '127.0.0.1', port: 0 });

  await phase('initial JS', async () => {
    const client = initialJsGzipBytes(CLIENT_DIST);
    rows.push([
      `initial JS for / (gzip, ${client.files.length} files)`,
      `${(client.bytes / 1024).toFixed(1)} KB`,
      '<= 150 KB',
      verdict(client.bytes <= 150 * 1024),
    ]);
  });

  log('bench: HTTP (5 s each, 20 connections)');
  const bareFigure = await loadTest(`http://127.0.0.1:${portOf(bare.server)}/categories`);
  const http: [string, string, number | null][] = [
    ['GET /api/categories', '/api/categories', 0.6],
    ['GET /api/threads', '/api/threads', 0.25],
    ['GET /api/threads/{id}/posts', '/api/threads/1/posts', null],
  ];
  const figures: [string, HttpFigure, number | null][] = [];
  for (const [name, path, target] of http) figures.push([name, await loadTest(`${baseUrl}${path}`), target]);
  const httpRow = (name: string, f: HttpFigure) =>
    `${name}: ${Math.round(f.requestsPerSecond)} req/s, p99 ${f.p99Ms} ms${f.errors ? `, ${f.errors} errors` : ''}`;
  rows.push([httpRow('bare Fastify, same categories JSON', bareFigure), '', '', '']);
  for (const [name, figure, target] of figures) {
    const ratio = figure.requestsPerSecond / bareFigure.requestsPerSecond;
    rows.push([
      httpRow(name, figure),
      `${(ratio * 100).toFixed(1)}% of bare`,
      target === null ? '(no target)' : `>= ${target * 100}% of bare`,
      target === null ? '' : verdict(ratio >= target && figure.errors === 0),
    ]);
  }

  log(`bench: ${IDLE_SOCKETS} idle authenticated sockets (held by a child process)`);
  const heapBefore = heapUsed();
  const idle = holdSockets(
    baseUrl,
    await Promise.all(Array.from({ length: IDLE_SOCKETS }, (_, i) => sessionCookie(app, (i % members) + 1))),
  );
  try {
    await phase('server heap per idle authenticated socket', async () => {
      await idle.ready;
      await sleep(1000);
      const perSocket = (heapUsed() - heapBefore) / IDLE_SOCKETS;
      rows.push([
        `server heap per idle authenticated socket (${IDLE_SOCKETS} sockets)`,
        `${(perSocket / 1024).toFixed(1)} KB`,
        '<= 12 KB',
        verdict(perSocket <= 12 * 1024),
      ]);
    });

    log('bench: message push and bare echo');
    await phase('message push', async () => {
      const push = await messagePushLatencies(app, baseUrl, PUSH_SAMPLES);
      const echo = await bareEchoLatencies(PUSH_SAMPLES);
      const pushRatio = percentile(push, 99) / percentile(echo, 99);
      rows.push([
        `message push, POST -> 'message:new' (${push.length} samples, ${IDLE_SOCKETS} sockets connected)`,
        `p50 ${ms(percentile(push, 50))}, p99 ${ms(percentile(push, 99))}`,
        '',
        '',
      ]);
      rows.push([
        `bare Socket.IO echo (${echo.length} samples)`,
        `p50 ${ms(percentile(echo, 50))}, p99 ${ms(percentile(echo, 99))}`,
        '',
        '',
      ]);
      rows.push(['message push p99 / echo p99', `${pushRatio.toFixed(1)}x`, '<= 3x', verdict(pushRatio <= 3)]);
    });

    log(`bench: group-buy progress to ${WATCHERS} watchers`);
    await phase('group-buy progress', async () => {
      const groupBuy = await groupBuyDeliveries(app, baseUrl, WATCHERS);
      const p99 = percentile(groupBuy.delays, 99);
      rows.push([
        `group-buy progress p99 to ${WATCHERS} watchers (${groupBuy.delays.length} deliveries, ${groupBuy.missed} missed)`,
        ms(p99),
        '<= 250 ms',
        verdict(p99 <= 250 && groupBuy.missed === 0),
      ]);
    });
  } finally {
    await idle.stop();
  }
} finally {
  await bare.close();
  await app.close();
  await database.stop();
}

printTable(database.backend);
process.exit(0);
