/**
 * Issue #26 items 4 and 5: a restart, and what the forum index costs. `measureColdStart` starts the server as its own
 * process on a written dataset (the database already running, as in production) and times, from the spawn, the
 * first 200 of each first-screen route as the reader; then the first message to the reader's big inbox against the
 * second, and the process's RSS once its read models are loaded. `forumIndexHeap` loads a second forum index in a
 * running app and divides the heap it retains (after gc) by its threads.
 *
 * Standalone: `node --expose-gc --import tsx scripts/src/bench/cold-start.ts --size L [--data DIR] [--write]
 * [--runs N] [--profile DIR] [--bundle FILE]`, on the dataset kept in DIR (written there with --write, once: L takes
 * minutes, XL many); --runs restarts it N times on the same database (each run's times, then the range); --profile
 * writes each restarted server's CPU profile (`node --cpu-prof`) into DIR; --bundle starts FILE, a server bundle
 * built before (say another commit's, in a worktree), instead of building this one's.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@enclave/server';
import { loadEnv } from '@enclave/server/config.ts';
import { buildServer } from '@enclave/server/production-build.ts';
import { startDatabaseServer, withDatabase } from '@enclave/server/storage/index.ts';
import { ForumIndex } from '@enclave/server/threads/forum-index.ts';
import type { FastifyInstance } from 'fastify';
import { HOT_THREAD, READER, SIZES, type SizeName } from './dataset.ts';
import { writeDataset } from './forum-dataset.ts';
import { sessionCookie } from './realtime.ts';
import { formatTable } from './table.ts';

/** A route that has not answered 200 by then fails the measurement (XL's load takes minutes on a shared machine). */
const GIVE_UP_MS = 900_000;
/** Sends the first message of the run: a member who has not written to the reader during the routes' samples. */
const FIRST_SENDER = 7;

/** The routes a member's first screens read, and a search, each timed from the spawn to its first 200. */
const FIRST_ROUTES = [
  ['/api/health', '/api/health'],
  ['/api/threads', '/api/threads'],
  ['/api/threads?categoryId=3', '/api/threads?categoryId=3'],
  ['/api/threads?q= (search)', '/api/threads?q=no-thread-says-this'],
  ['/api/categories', '/api/categories'],
  ['/api/threads/{id}', `/api/threads/${HOT_THREAD}`],
  ['/api/messages', '/api/messages'],
  ['/api/user', '/api/user'],
] as const;

export interface ColdStartCookies {
  reader: string;
  sender: string;
}

export interface ColdStart {
  /** Seconds from the spawn to the first 200, per route. */
  routes: Map<string, number>;
  /** Seconds from the spawn to GET /api/health/ready 200 (read models loaded). */
  ready: number;
  /** The first and the second message to the reader after the start, in ms. */
  firstMessageMs: number;
  secondMessageMs: number;
  rssMiB: number;
}

/** Made in a running app on the dataset: sessions are records the restarted server reads. */
export async function coldStartCookies(app: FastifyInstance): Promise<ColdStartCookies> {
  return { reader: await sessionCookie(app, READER), sender: await sessionCookie(app, FIRST_SENDER) };
}

/** The heap a forum index retains after gc, per thread: a second one is loaded beside the app's. */
export async function forumIndexHeap(app: FastifyInstance): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run node with --expose-gc');
  await app.forum.current();
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      gc();
      await sleep(10);
    }
    return process.memoryUsage().heapUsed;
  };
  const before = await settle();
  const index = new ForumIndex(app);
  await index.current();
  const after = await settle();
  // Kept alive past the measurement.
  return index.size > 0 ? (after - before) / index.size : 0;
}

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
    server.on('error', fail);
  });

async function firstOk(url: string, init: RequestInit, since: number): Promise<number> {
  while (performance.now() - since < GIVE_UP_MS) {
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(GIVE_UP_MS) });
      await response.arrayBuffer();
      if (response.ok) return (performance.now() - since) / 1000;
    } catch {
      // Not listening yet.
    }
    await sleep(10);
  }
  throw new Error(`${url} never answered 200`);
}

async function timedMessage(baseUrl: string, cookie: string, n: number): Promise<number> {
  const began = performance.now();
  const response = await fetch(`${baseUrl}/api/messages`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'bench' },
    body: JSON.stringify({ recipientId: READER, content: `Cold-start message ${n}` }),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`POST /api/messages answered ${response.status}`);
  return performance.now() - began;
}

const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/**
 * Restarts the server on `uri` in a process of its own and times its first answers; `nodeArgs` go to its node;
 * `prebuilt`: a bundle built before (another commit's, to compare), else this run's sources are built.
 */
export async function measureColdStart(
  uri: string,
  cookies: ColdStartCookies,
  nodeArgs: readonly string[] = [],
  prebuilt?: string,
): Promise<ColdStart> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'enclave-cold-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    MONGODB_URI: uri,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    BACKUP_INTERVAL_HOURS: '0',
    VISITOR_CACHE_MS: '0',
  };
  // As production starts it: the bundle, built now (half a second) so that it is the sources' of this run.
  const bundle = prebuilt ?? (await buildServer());
  const began = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', bundle], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const asReader = { headers: { cookie: cookies.reader } };
    const [times, ready] = await Promise.all([
      Promise.all(FIRST_ROUTES.map(([, path]) => firstOk(`${baseUrl}${path}`, asReader, began))),
      firstOk(`${baseUrl}/api/health/ready`, {}, began),
    ]);
    const firstMessageMs = await timedMessage(baseUrl, cookies.sender, 1);
    // The per-sender limit allows one message every 2 s.
    await sleep(2100);
    const secondMessageMs = await timedMessage(baseUrl, cookies.sender, 2);
    return {
      routes: new Map(FIRST_ROUTES.map(([name], i) => [name, times[i] as number])),
      ready,
      firstMessageMs,
      secondMessageMs,
      rssMiB: rssMiB(child.pid as number),
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** What `prepareColdStart` takes from the app of a run before it closes: sessions, and the index's cost. */
export interface ColdStartProbe {
  cookies: ColdStartCookies;
  bytesPerThread: number;
}

export type ColdStartFigures = (ColdStart & { bytesPerThread: number }) | { error: string };

export async function prepareColdStart(app: FastifyInstance): Promise<ColdStartProbe> {
  return { cookies: await coldStartCookies(app), bytesPerThread: await forumIndexHeap(app) };
}

/** The restart of a closed app's dataset, its errors a figure too. */
export async function restartFigures(uri: string, probe: ColdStartProbe): Promise<ColdStartFigures> {
  try {
    return { ...(await measureColdStart(uri, probe.cookies)), bytesPerThread: probe.bytesPerThread };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** Issue #26 items 4 and 5: every route within 2 s of a restart at L, 5 s at XL; 1 KB a thread; 1 GiB of RSS at XL. */
const ROUTE_GOAL_S: Partial<Record<SizeName, number>> = { L: 2, XL: 5 };
const BYTES_PER_THREAD_GOAL = 1024;
const RSS_GOAL_MIB = 1024;

/** The members bench's rows for the restarts: [label, a cell per size, growth (blank), goals]. */
export function coldStartRows(names: SizeName[], figures: (ColdStartFigures | undefined)[]): string[][] {
  const measured = (at: number) => {
    const figure = figures[at];
    return figure && !('error' in figure) ? figure : undefined;
  };
  const cells = (cell: (figure: ColdStart & { bytesPerThread: number }) => string) =>
    figures.map((figure) =>
      figure === undefined ? '-' : 'error' in figure ? `FAILED: ${figure.error}` : cell(figure),
    );
  const slowest = (figure: ColdStart) =>
    [...figure.routes].reduce((worst, entry) => (entry[1] > worst[1] ? entry : worst), ['-', 0] as [string, number]);
  const goal = (label: string, name: SizeName, pass: (figure: ColdStart & { bytesPerThread: number }) => boolean) => {
    const at = names.indexOf(name);
    const figure = at < 0 ? undefined : measured(at);
    return `${label}: ${figure ? (pass(figure) ? 'pass' : 'MISS') : 'not run'}`;
  };
  const routeGoals = Object.entries(ROUTE_GOAL_S).map(([name, limit]) =>
    goal(`${name} <= ${limit} s`, name as SizeName, (figure) => slowest(figure)[1] <= (limit as number)),
  );
  const seconds = (value: number | undefined) => (value === undefined ? '-' : `${value.toFixed(2)} s`);
  return [
    ['restart (its own process, the database up): s from the spawn', ...names.map(() => ''), '', ''],
    ['GET /api/health 200', ...cells((f) => seconds(f.routes.get('/api/health'))), '', ''],
    ['first GET /api/threads 200 as a member', ...cells((f) => seconds(f.routes.get('/api/threads'))), '', ''],
    [
      'every route timed 200 (the slowest; search waits for the load)',
      ...cells((f) => `${seconds(slowest(f)[1])} (${slowest(f)[0]})`),
      '',
      routeGoals.join(', '),
    ],
    ['read models loaded (/api/health/ready 200)', ...cells((f) => seconds(f.ready)), '', ''],
    [
      'first / second message to the reader after it (ms)',
      ...cells((f) => `${f.firstMessageMs.toFixed(0)} / ${f.secondMessageMs.toFixed(0)}`),
      '',
      '',
    ],
    [
      'forum index: heap per thread after gc',
      ...cells((f) => `${Math.round(f.bytesPerThread)} B`),
      '',
      goal(`<= ${BYTES_PER_THREAD_GOAL} B at L`, 'L', (f) => f.bytesPerThread <= BYTES_PER_THREAD_GOAL),
    ],
    [
      'RSS once it answered',
      ...cells((f) => `${Math.round(f.rssMiB)} MiB`),
      '',
      goal(`XL <= ${RSS_GOAL_MIB} MiB`, 'XL', (f) => f.rssMiB <= RSS_GOAL_MIB),
    ],
  ];
}

async function main(): Promise<void> {
  const argument = (name: string) => {
    const at = process.argv.indexOf(`--${name}`);
    return at >= 0 ? process.argv[at + 1] : undefined;
  };
  const name = (argument('size') ?? 'L').toUpperCase() as SizeName;
  const size = SIZES[name];
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const database = await startDatabaseServer({ dataDir: argument('data'), log });
  const uri = database.backend === 'external' ? database.uri : withDatabase(database.uri, `enclave-members-${name}`);
  try {
    if (process.argv.includes('--write')) {
      const began = performance.now();
      await writeDataset(uri, size);
      log(`written in ${((performance.now() - began) / 1000).toFixed(1)} s`);
    }
    const app = await buildApp({
      ...loadEnv({ ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'development', BACKUP_INTERVAL_HOURS: '0' }),
      database: { uri, backend: database.backend },
    });
    await app.ready();
    const probe = await prepareColdStart(app);
    await app.close();
    const runs = Number(argument('runs') ?? 1);
    const profile = argument('profile');
    const nodeArgs = profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : [];
    const all: ColdStart[] = [];
    for (let run = 1; run <= runs; run++) {
      const figures = await measureColdStart(uri, probe.cookies, nodeArgs, argument('bundle'));
      all.push(figures);
      if (run === 1) {
        const table = coldStartRows([name], [{ ...figures, bytesPerThread: probe.bytesPerThread }]);
        process.stdout.write(`${formatTable(table)}\n`);
      }
      const times = [...figures.routes].map(([route, seconds]) => `${route} ${seconds.toFixed(2)}`);
      log(`run ${run}: ${times.join(', ')}, ready ${figures.ready.toFixed(2)} s`);
    }
    if (runs > 1) {
      const range = (values: number[]) => `${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)} s`;
      for (const [route] of FIRST_ROUTES) log(`${route}: ${range(all.map((f) => f.routes.get(route) as number))}`);
      log(`ready: ${range(all.map((f) => f.ready))}`);
    }
  } finally {
    await database.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
