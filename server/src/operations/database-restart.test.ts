import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, ErrorCode, type Health, type MessageList, pathOf, type RouteContract } from '@enclave/protocol';
import { io as connect } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { SESSION_COOKIE } from '../auth/session.ts';
import { type RunningFerretdb, startFerretdb, withDatabase } from '../storage/index.ts';
import { testConfig } from '../test/app.ts';
import { onFileEnd } from '../test/cleanup.ts';
import { createMember } from '../test/factories.ts';
import { expectLedgerReconciles } from '../test/reconcile.ts';
import { freePort, type ServerProcess, startServerProcess } from '../test/server-process.ts';

/** Server selection gives up after 5 s: a request in flight when the database dies answers soon after. */
const OUTAGE_ANSWER_MS = 8000;
/** How soon the health check must notice the database going and coming back, and how long one check may take. */
const HEALTH_CHANGE_MS = 5000;
const HEALTH_ANSWER_MS = 2000;

let dataDir: string;
let port: number;
let ferret: RunningFerretdb;
let server: ServerProcess;
let database: { uri: string; backend: 'ferretdb' };

interface Answer {
  status: number;
  body: Record<string, unknown>;
  ms: number;
}

async function call(
  contract: RouteContract,
  cookie: string | undefined,
  options: { body?: unknown; query?: Record<string, string> } = {},
): Promise<Answer> {
  const started = Date.now();
  const url = new URL(pathOf(contract.url), server.url);
  for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
  const response = await fetch(url, {
    method: contract.method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(30_000),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    ms: Date.now() - started,
  };
}

/** Polls the health check until it says `connected`; every answer comes quickly, none hangs on the database. */
async function healthTurns(connected: boolean): Promise<Answer> {
  const deadline = Date.now() + HEALTH_CHANGE_MS;
  for (;;) {
    const answer = await call(api.health, undefined);
    expect(answer.ms).toBeLessThan(HEALTH_ANSWER_MS);
    if ((answer.body as unknown as Health).database.connected === connected) return answer;
    expect(Date.now(), `health still says connected: ${!connected}`).toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  const late = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms));
  return Promise.race([promise, late]);
}

/** Answered with a 5xx `{ message, code }`, in bounded time: not hung, not a success that could later be lost. */
function expectUnavailable(answer: Answer) {
  expect(answer.status).toBe(503);
  expect(answer.body).toEqual({ message: expect.any(String), code: ErrorCode.Unavailable });
  expect(answer.ms).toBeLessThan(OUTAGE_ANSWER_MS);
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'enclave-database-restart-'));
  port = await freePort();
  ferret = await startFerretdb(dataDir, port);
  onFileEnd(async () => {
    await ferret.stop();
    await rm(dataDir, { recursive: true, force: true });
  });
  database = { uri: withDatabase(ferret.uri, 'restart'), backend: 'ferretdb' };
  server = await startServerProcess({ MONGODB_URI: database.uri });
});

describe('a database restart under a running server', () => {
  it('reports unhealthy, refuses writes with 503, recovers, and keeps every acknowledged write', async () => {
    // Members straight in the database, from a short-lived app in this process.
    const seeder = await buildApp({ ...testConfig(), database });
    const { user: recipient, client: recipientClient } = await createMember(seeder);
    const { client: adminClient } = await createMember(seeder, { isAdmin: true });
    const senders = await Promise.all(Array.from({ length: 6 }, () => createMember(seeder)));
    await seeder.close();
    const cookieOf = (index: number) => senders[index]?.client.cookie;

    const acknowledged: { id: number; content: string }[] = [];
    let granted = 0;
    const send = async (index: number, content: string) => {
      const answer = await call(api.sendMessage, cookieOf(index), { body: { recipientId: recipient.id, content } });
      if (answer.status === 201) acknowledged.push({ id: answer.body.id as number, content });
      return answer;
    };
    const grant = async (amount: number) => {
      const answer = await call(api.addUserCoins, adminClient.cookie, { body: { userId: recipient.id, amount } });
      if (answer.status === 200) granted += amount;
      return answer;
    };

    expect((await call(api.health, undefined)).status).toBe(200);
    expect((await send(0, 'Before the outage')).status).toBe(201);
    expect((await grant(100)).status).toBe(200);

    // The database dies (no clean shutdown) while writes are in flight: each answers 2xx or 5xx, never hangs.
    const inFlight = [1, 2, 3].map((index) => send(index, `In flight ${index}`));
    await ferret.stop('SIGKILL');
    for (const answer of await Promise.all(inFlight)) {
      if (answer.status !== 201) expectUnavailable(answer);
    }

    const unhealthy = await healthTurns(false);
    expect(unhealthy.status).toBe(503);
    expect(unhealthy.body).toMatchObject({ status: 'degraded', database: { connected: false } });

    const [message, coins, read] = await Promise.all([
      send(4, 'During the outage'),
      grant(50),
      call(api.listMessages, recipientClient.cookie),
    ]);
    expectUnavailable(message);
    expectUnavailable(coins);
    expectUnavailable(read);

    // A tab connecting now cannot be told who it is yet; it must keep trying rather than give up.
    const tab = connect(server.url, {
      transports: ['websocket'],
      extraHeaders: { cookie: `${SESSION_COOKIE}=${recipientClient.cookie}` },
    });
    onFileEnd(() => tab.disconnect());
    const tabReady = new Promise<{ userId: number | null }>((resolve) => tab.once('session:ready', resolve));
    // Refused (the client then gives up for good) or hung up on (it tries again): either way, not in yet.
    await new Promise((resolve) => {
      tab.once('connect_error', resolve);
      tab.io.once('reconnect_attempt', resolve);
    });

    ferret = await startFerretdb(dataDir, port);
    const healthy = await healthTurns(true);
    expect(healthy.status).toBe(200);
    expect(healthy.body).toMatchObject({ status: 'ok', database: { connected: true } });

    expect(await within(tabReady, 15_000, 'the waiting tab is let in')).toEqual({ userId: recipient.id });
    expect((await send(5, 'After the outage')).status).toBe(201);
    expect((await grant(25)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();

    const inbox = await call(api.listMessages, recipientClient.cookie, { query: { box: 'inbox' } });
    expect(inbox.status).toBe(200);
    const received = (inbox.body as unknown as MessageList).inbox.map(({ id, content }) => ({ id, content }));
    for (const write of acknowledged) expect(received).toContainEqual(write);
    expect(received.map((m) => m.content)).not.toContain('During the outage');

    const me = await call(api.user, recipientClient.cookie);
    expect(me.body.coinBalance).toBe(granted);
    expect(granted).toBe(125);

    const auditor = await buildApp({ ...testConfig(), database });
    onFileEnd(() => auditor.close());
    await expectLedgerReconciles(auditor);
  });
});
