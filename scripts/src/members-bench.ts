/**
 * `npm run bench -- --members [--sizes S,M,L,XL]`: issues #14 and #26's proof. For each size, a fresh embedded
 * database gets a dataset written in the app's own storage layout by a process of its own (bench/forum-dataset.ts);
 * the app starts on it once (the first start on fresh data builds its indexes) and again (its indexes in place),
 * both timed; the member routes are checked to read the dataset as written (bench/dataset-check.ts),
 * then each is sampled one request at a time, and 20 members load GET /api/threads against a bare
 * Fastify route (from a process of their own); at M, 20 members write at once (bench/concurrent-writes.ts) and the
 * ledger is reconciled after them. Last, the JS each route needs. XL (issue #26) runs when asked for. Progress (and the server's log) on stderr, the table on stdout.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '@enclave/server';
import { type AppConfig, loadEnv } from '@enclave/server/config.ts';
import { startDatabaseServer, withDatabase } from '@enclave/server/storage/index.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import { type JsFigure, pageJsGzipBytes } from './bench/client-size.ts';
import { type ColdStartProbe, prepareColdStart, restartFigures } from './bench/cold-start.ts';
import { measureConcurrentWrites } from './bench/concurrent-writes.ts';
import { READER, SIZES, type SizeName } from './bench/dataset.ts';
import { checkDataset } from './bench/dataset-check.ts';
import { writeDatasetApart } from './bench/forum-dataset.ts';
import { type HttpFigure, medianRun } from './bench/http.ts';
import { loadFromOwnProcess } from './bench/load-process.ts';
import { MEMBER_ROUTES, sampleRoute } from './bench/member-routes.ts';
import { describeSize, memberRows, type SizeFigures, type Timed } from './bench/members-report.ts';
import { sessionCookie } from './bench/realtime.ts';
import { formatTable } from './bench/table.ts';
import { buildClientIfNeeded, CLIENT_DIST } from './client-build.ts';

// The server logs to stdout; sent to stderr with the progress, stdout carries the table alone.
// (pino writes through process.stdout.write once it has been replaced, instead of to fd 1.)
const printOut = process.stdout.write.bind(process.stdout);
process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;

const WHOLE_RUN_MS = 90 * 60_000;
const CLOSE_LIMIT_MS = 30_000;
const LOAD_MEMBERS = Array.from({ length: 20 }, (_, i) => 200 + i);
/**
 * The load and the bare route are each run this many times, alternately: the first of each warms its server, and the
 * median of the others is reported (one 5-s run of the bare route read 14.5k to 18.9k req/s from size to size).
 */
const LOAD_ROUNDS = 4;

const log = (line: string) => process.stderr.write(`${line}\n`);
const sizesAt = process.argv.indexOf('--sizes');
const requested =
  process.argv.find((arg) => arg.startsWith('--sizes='))?.slice('--sizes='.length) ??
  (sizesAt >= 0 ? process.argv[sizesAt + 1] : undefined) ??
  'S,M,L';
const sizes = requested
  .split(',')
  .map((name) => name.trim().toUpperCase())
  .filter((name): name is SizeName => name in SIZES);
if (sizes.length === 0) {
  log('usage: npm run bench -- --members [--sizes S,M,L,XL]');
  process.exit(2);
}

const results = new Map<SizeName, SizeFigures>();
let backend = 'unknown';
let pages: Map<string, JsFigure> | null = null;
// The machine may be shared: its load when the run started and ended says how far to trust the figures.
const loadAtStart = loadavg()[0] ?? 0;

function printTable(): void {
  const machine =
    `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GB, ` +
    `load average ${loadAtStart.toFixed(1)} at start and ${(loadavg()[0] ?? 0).toFixed(1)} at end`;
  printOut(
    `Enclave members bench, ${new Date().toISOString()}, ${machine}, database ${backend}, Node ${process.version}\n` +
      `${sizes.map(describeSize).join('\n')}\n` +
      'One request at a time as a verified member (admin routes as staff), visitor cache off; per route a warm-up,\n' +
      'then up to 200 samples in 120 s (at least one); a request over 60 s is abandoned. p50 / p99 in ms.\n' +
      'Writers write from addresses of their own; load (autocannon, and the writers at once) comes from a process of its own.\n\n',
  );
  printOut(formatTable(memberRows(results, pages)));
}

const watchdog = setTimeout(() => {
  log('members bench: exceeded its time bound, stopping with the figures measured so far');
  printTable();
  process.exit(1);
}, WHOLE_RUN_MS);
watchdog.unref();

/** The first sentence: Fastify's onReady timeout, for one, goes on to guess at a forgotten `done`. */
const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('. ')[0] ?? '';
const seconds = (since: number) => (performance.now() - since) / 1000;

async function timedPhase(work: () => Promise<unknown>): Promise<Timed> {
  const began = performance.now();
  try {
    await work();
    return { seconds: seconds(began) };
  } catch (error) {
    return { error: `${message(error)} (after ${seconds(began).toFixed(1)} s)` };
  }
}

/** A close that waits for requests still running (say, after the load at L) is cut short: the database stops anyway. */
const closeWithin = (app: FastifyInstance) => Promise.race([app.close().catch(() => undefined), sleep(CLOSE_LIMIT_MS)]);

/** buildApp and every onReady hook: what a start costs before the first request is served. */
async function start(config: AppConfig): Promise<{ timed: Timed; app?: FastifyInstance }> {
  let app: FastifyInstance | undefined;
  const timed = await timedPhase(async () => {
    app = await buildApp(config);
    await app.ready();
  });
  if ('error' in timed && app) {
    await closeWithin(app);
    return { timed };
  }
  return { timed, app };
}

async function measureRoutes(app: FastifyInstance, baseUrl: string, figures: SizeFigures, name: SizeName) {
  for (const [index, route] of MEMBER_ROUTES.entries()) {
    log(`members bench ${name}: ${route.name}`);
    const figure = await sampleRoute(app, baseUrl, route, index, SIZES[name].members);
    figures.routes.set(route.name, figure);
    log(
      `  ${figure.ms.length} samples in ${figure.seconds.toFixed(1)} s${figure.failures.length ? `, failed: ${figure.failures[0]}` : ''}`,
    );
  }
  log(`members bench ${name}: 20 members on GET /api/threads, and the bare route`);
  const bare = Fastify();
  try {
    const threads = await fetch(`${baseUrl}/api/threads`, { headers: { cookie: await sessionCookie(app, READER) } });
    const body = await threads.text();
    bare.get('/api/threads', (_request, reply) => reply.type('application/json').send(body));
    await bare.listen({ host: '127.0.0.1', port: 0 });
    const bareAddress = bare.server.address();
    const barePort = bareAddress && typeof bareAddress === 'object' ? bareAddress.port : 0;
    const cookies = await Promise.all(LOAD_MEMBERS.map((member) => sessionCookie(app, member)));
    // The first round warms each server (at S, the bare route's first run read 8.8k req/s against 15-16k at every
    // later size, and the members' first runs at M 15-20 % below their second).
    const runs: { members: HttpFigure[]; bare: HttpFigure[] } = { members: [], bare: [] };
    for (let round = 0; round < LOAD_ROUNDS; round++) {
      const bareFigure = await loadFromOwnProcess(`http://127.0.0.1:${barePort}/api/threads`, []);
      const membersFigure = await loadFromOwnProcess(`${baseUrl}/api/threads`, cookies);
      if (round === 0) continue;
      runs.bare.push(bareFigure);
      runs.members.push(membersFigure);
    }
    const errors = runs.members.reduce((sum, run) => sum + run.errors, 0);
    figures.load = { members: { ...medianRun(runs.members), errors }, bare: medianRun(runs.bare) };
  } catch (error) {
    figures.load = { error: message(error) };
  } finally {
    await bare.close();
  }
  if (name !== 'M') return;
  log(`members bench ${name}: 20 members writing at once`);
  figures.concurrent = await measureConcurrentWrites(app, baseUrl, SIZES[name], log);
}

async function measureSize(name: SizeName): Promise<void> {
  const figures: SizeFigures = { routes: new Map() };
  results.set(name, figures);
  const database = await startDatabaseServer({ log });
  backend = database.backend;
  const uri = database.backend === 'external' ? database.uri : withDatabase(database.uri, `enclave-members-${name}`);
  const config = (level: 'info' | 'warn'): AppConfig => ({
    ...loadEnv({ ...process.env, LOG_LEVEL: level, NODE_ENV: 'development', VISITOR_CACHE_MS: '0', TRUST_PROXY: '1' }),
    database: { uri, backend: database.backend },
  });
  try {
    log(`members bench: ${describeSize(name)}, writing`);
    figures.written = await timedPhase(() => writeDatasetApart(uri, SIZES[name]));
    if ('error' in figures.written) return;
    // The first start logs at info: what a start on fresh data does is worth reading.
    log(`members bench ${name}: first start (builds the indexes)`);
    const first = await start(config('info'));
    figures.firstStart = first.timed;
    log(`  ${JSON.stringify(first.timed)}`);
    if (first.app) await closeWithin(first.app);
    log(`members bench ${name}: second start (indexes in place)`);
    const second = await start(config('warn'));
    figures.start = second.timed;
    log(`  ${JSON.stringify(second.timed)}`);
    if (!second.app) return;
    const app = second.app;
    let restart: ColdStartProbe | undefined;
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      const baseUrl = `http://127.0.0.1:${address && typeof address === 'object' ? address.port : 0}`;
      // Figures on a dataset the routes read wrong would mean nothing: a failed check leaves the routes unmeasured.
      log(`members bench ${name}: checking the dataset through the member routes`);
      figures.checked = await timedPhase(() => checkDataset(app, baseUrl, SIZES[name]));
      log(`  ${JSON.stringify(figures.checked)}`);
      if ('error' in figures.checked) return;
      await measureRoutes(app, baseUrl, figures, name);
      // Issue #26 items 4 and 5: sessions and the forum index's heap from this app, then a restart once it is closed.
      restart = await prepareColdStart(app);
    } finally {
      await closeWithin(app);
    }
    if (restart) figures.coldStart = await restartFigures(uri, restart);
  } finally {
    await database.stop();
  }
}

buildClientIfNeeded();
for (const name of sizes) await measureSize(name);
try {
  pages = pageJsGzipBytes(CLIENT_DIST);
} catch (error) {
  log(`members bench: JS per route not measured: ${message(error)}`);
}
printTable();
process.exit(0);
