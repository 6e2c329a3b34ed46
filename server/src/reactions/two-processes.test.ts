import { api, type ClientToServerEvents, pathOf, type ServerToClientEvents } from '@enclave/protocol';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { SESSION_COOKIE } from '../auth/session.ts';
import { isolatedDatabase, testConfig } from '../test/app.ts';
import { createMember } from '../test/factories.ts';
import { aThread } from '../test/forum.ts';
import { type ServerProcess, startRedis, startServerProcess } from '../test/server-process.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let a: ServerProcess;
let b: ServerProcess;
/** Same database and Redis, in this process: only to create members and threads (which A and B hear of). */
let app: App;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  const database = isolatedDatabase();
  const env = { MONGODB_URI: database.uri, REDIS_URL: await startRedis() };
  [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  app = await buildApp({ ...testConfig({ REDIS_URL: env.REDIS_URL }), database });
  await app.ready();
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await app.mongo.dropDatabase();
  await app.close();
});

async function tab(server: ServerProcess, cookie: string | undefined): Promise<ClientSocket> {
  const socket: ClientSocket = connect(server.url, {
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { cookie: `${SESSION_COOKIE}=${cookie}` },
  });
  sockets.push(socket);
  await new Promise((resolve) => socket.once('session:ready', resolve));
  return socket;
}

const call = (server: ServerProcess, cookie: string | undefined, method: string, url: string) =>
  fetch(`${server.url}${url}`, {
    method,
    // As the app's client sends it: a state-changing call without it is refused.
    headers: { cookie: `${SESSION_COOKIE}=${cookie}`, 'x-requested-with': 'enclave' },
  });

describe('reactions across two server processes', () => {
  it('count every change made through either, and reach the watchers on the other', async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author);
    const [{ client: first }, { client: second }, { client: watcher }] = await Promise.all([
      createMember(app),
      createMember(app),
      createMember(app),
    ]);
    const onB = await tab(b, watcher.cookie);
    expect(await onB.timeout(5000).emitWithAck('thread:watch', thread.id)).toEqual({ ok: true });
    const pushed = new Promise<unknown>((resolve) =>
      onB.on('reaction:changed', (changed) => changed.version === 1 && resolve(changed)),
    );

    const url = pathOf(api.react.url, { target: 'thread', id: thread.id, kind: 'heart' });
    // Both processes have folded the list once; then each takes a change the other has not read.
    await Promise.all([
      call(a, first.cookie, 'GET', pathOf(api.thread.url, { id: thread.id })),
      call(b, first.cookie, 'GET', pathOf(api.thread.url, { id: thread.id })),
    ]);
    expect((await call(a, first.cookie, 'PUT', url)).status).toBe(200);
    // A's change reaches the watcher on B through the adapter.
    expect(await pushed).toMatchObject({ target: 'thread', id: thread.id, counts: { heart: 1 } });
    expect(await (await call(b, second.cookie, 'PUT', url)).json()).toMatchObject({ counts: { heart: 2 } });
    const readOnA = await (await call(a, watcher.cookie, 'GET', pathOf(api.thread.url, { id: thread.id }))).json();
    expect((readOnA as { reactions: unknown }).reactions).toEqual({ counts: { heart: 2 }, mine: [] });
  });
});
