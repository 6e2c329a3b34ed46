import { setTimeout as sleep } from 'node:timers/promises';
import {
  api,
  type ClientToServerEvents,
  ErrorCode,
  pathOf,
  type ServerToClientEvents,
  type SessionList,
  type ThreadReaders,
} from '@enclave/protocol';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { SESSION_COOKIE } from '../auth/session.ts';
import { isolatedDatabase, testConfig } from '../test/app.ts';
import { createMember, signedInCookie } from '../test/factories.ts';
import { aThread, grantCoins } from '../test/forum.ts';
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

async function tab(server: ServerProcess, cookie?: string): Promise<ClientSocket> {
  const socket: ClientSocket = connect(server.url, {
    transports: ['websocket'],
    reconnection: false,
    ...(cookie ? { extraHeaders: { cookie: `${SESSION_COOKIE}=${cookie}` } } : {}),
  });
  sockets.push(socket);
  await new Promise((resolve) => socket.once('session:ready', resolve));
  return socket;
}

/** A request as the app's client sends it (a state-changing call without `x-requested-with` is refused). */
function call(server: ServerProcess, cookie: string | undefined, method: string, url: string, body?: unknown) {
  return fetch(`${server.url}${url}`, {
    method,
    headers: {
      cookie: `${SESSION_COOKIE}=${cookie}`,
      'x-requested-with': 'enclave',
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const post = (server: ServerProcess, cookie: string | undefined, url: string, body: unknown) =>
  call(server, cookie, 'POST', url, body);

describe('two server processes sharing rate limits through Redis', () => {
  it('give a member alternating between them the allowance of one', async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author);
    const { client: member } = await createMember(app);
    const url = pathOf(api.reply.url, { id: thread.id });
    // One reply every 10 s: the first through A is the allowance; B, then A again, refuse.
    const statuses = [];
    for (const server of [a, b, a, b]) {
      statuses.push((await post(server, member.cookie, url, { content: 'Alternating between replicas' })).status);
    }
    expect(statuses).toEqual([201, 429, 429, 429]);
  });
});

describe('two server processes sharing rooms through Redis', () => {
  it('delivers a message sent through process A to a recipient connected to process B', async () => {
    const { client: sender } = await createMember(app);
    const { user: recipient, client: recipientClient } = await createMember(app);
    const inbox = await tab(b, recipientClient.cookie);
    const delivered = new Promise<{ content: string }>((resolve) => inbox.once('message:new', resolve));
    const unread = new Promise<{ unreadCount: number }>((resolve) => inbox.once('message:unread', resolve));

    const response = await post(a, sender.cookie, api.sendMessage.url, {
      recipientId: recipient.id,
      content: 'Across processes',
    });
    expect(response.status).toBe(201);
    expect((await delivered).content).toBe('Across processes');
    expect((await unread).unreadCount).toBe(1);
  });

  it('tells replies to a tab on B, whether made through A or B, with marks read through A counted on B', async () => {
    const { user: author, client: authorClient } = await createMember(app);
    const thread = await aThread(app, author);
    const bell = await tab(b, authorClient.cookie);
    const pushed: { notification: { id: number }; unreadCount: number; readUpTo: number }[] = [];
    bell.on('notification:new', (payload) => pushed.push(payload));
    const soon = { timeout: 5000, interval: 20 };
    const replyThrough = async (server: ServerProcess, count: number) => {
      const { client } = await createMember(app);
      const path = pathOf(api.reply.url, { id: thread.id });
      expect((await post(server, client.cookie, path, { content: 'Hi' })).status).toBe(201);
      await expect.poll(() => pushed.length, soon).toBe(count);
    };

    // B keeps the author's bell: its replies are told from it.
    await replyThrough(b, 1);
    expect(pushed[0]).toMatchObject({ unreadCount: 1, readUpTo: 0, notification: { id: 1 } });
    const read = new Promise((resolve) => bell.once('notification:read', resolve));
    expect((await post(a, authorClient.cookie, api.markNotificationsRead.url, { upTo: 1 })).status).toBe(200);
    await read;
    await replyThrough(b, 2);
    expect(pushed[1]).toMatchObject({ unreadCount: 1, readUpTo: 1, notification: { id: 2 } });
    // A holds no tab of the author's: it tells them one by one, over the adapter.
    await replyThrough(a, 3);
    expect(pushed[2]).toMatchObject({ unreadCount: 2, readUpTo: 1, notification: { id: 3 } });
  });

  it('pushes group-buy progress to watchers on both processes', async () => {
    const { user: organizer } = await createMember(app, { isAdmin: true });
    const thread = await aThread(app, organizer, {
      isGroupBuy: true,
      groupBuyParticipantsRequired: 3,
      groupBuyContributionAmount: 10,
    });
    const watchers = await Promise.all([tab(a), tab(b)]);
    for (const watcher of watchers) {
      expect(await watcher.timeout(2000).emitWithAck('thread:watch', thread.id)).toMatchObject({ ok: true });
    }
    const progress = watchers.map(
      (watcher) => new Promise<{ current: number }>((resolve) => watcher.once('groupbuy:progress', resolve)),
    );

    const { user: buyer, client: buyerClient } = await createMember(app);
    await grantCoins(app, buyer.id, 50);
    const response = await post(a, buyerClient.cookie, pathOf(api.contribute.url, { id: thread.id }), { amount: 10 });
    expect(response.status).toBe(200);
    const [onA, onB] = await Promise.all(progress);
    expect(onA).toMatchObject({ threadId: thread.id, current: 1, required: 3 });
    expect(onB).toMatchObject({ threadId: thread.id, current: 1, required: 3 });
  });

  it('lists on process B follow writes made through process A at once: threads, replies, names, categories', async () => {
    const { user: author, client: authorClient } = await createMember(app);
    const { client: reader } = await createMember(app);
    const get = async (server: ServerProcess, url: string) =>
      (await (
        await fetch(`${server.url}${url}`, { headers: { cookie: `${SESSION_COOKIE}=${reader.cookie}` } })
      ).json()) as { id: number; name: string }[];
    const thread = await aThread(app, author, { title: 'Written through the test process' });
    // Told over Redis: a few milliseconds, never a cache's lifetime.
    const soon = { timeout: 2000, interval: 20 };
    await expect.poll(async () => (await get(b, api.threads.url)).map((t) => t.id), soon).toContain(thread.id);

    expect(
      (await post(a, authorClient.cookie, pathOf(api.reply.url, { id: thread.id }), { content: 'Hi' })).status,
    ).toBe(201);
    const listed = async () => (await get(b, api.threads.url)).find((t) => t.id === thread.id);
    await expect.poll(listed, soon).toMatchObject({ replyCount: 1, authorName: author.username });

    const renamed = `renamed_${author.id}`;
    const patch = await fetch(`${a.url}${api.updateProfile.url}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${authorClient.cookie}` },
      body: JSON.stringify({ username: renamed }),
    });
    expect(patch.status).toBe(200);
    await expect.poll(listed, soon).toMatchObject({ authorName: renamed });

    const { client: admin } = await createMember(app, { isAdmin: true });
    const created = await post(a, admin.cookie, api.createCategory.url, {
      name: 'Made on A',
      description: 'Seen on B',
      icon: 'MessageSquare',
      color: 'primary',
    });
    expect(created.status).toBe(201);
    await expect.poll(async () => (await get(b, api.categories.url)).map((c) => c.name), soon).toContain('Made on A');
  });

  it("a logout through process A signs out the member's socket on process B", async () => {
    const { client } = await createMember(app);
    const socket = await tab(b, client.cookie);
    const revoked = new Promise((resolve) => socket.once('session:revoked', resolve));
    const gone = new Promise((resolve) => socket.once('disconnect', resolve));
    expect((await post(a, client.cookie, api.logout.url, {})).status).toBe(200);
    expect(await revoked).toEqual({ reason: 'logged_out' });
    expect(await gone).toBe('io server disconnect');
  });

  it('a session ended through A is refused by B at once and its socket on B signed out; the other session stays', async () => {
    const { user, client } = await createMember(app);
    const other = await signedInCookie(app, user);
    const onB = (cookie: string, url: string, method = 'GET') =>
      fetch(`${b.url}${url}`, { method, headers: { cookie: `${SESSION_COOKIE}=${cookie}`, 'x-requested-with': 't' } });
    // B has answered for the session already, so it remembers it as standing.
    expect((await onB(other, api.user.url)).status).toBe(200);
    const [otherTab, keeperTab] = [await tab(b, other), await tab(b, client.cookie)];
    const revoked = new Promise((resolve) => otherTab.once('session:revoked', resolve));
    const gone = new Promise((resolve) => otherTab.once('disconnect', resolve));

    const { sessions } = (await (await onB(client.cookie as string, api.sessions.url)).json()) as SessionList;
    const target = sessions.find((session) => !session.current)?.id as string;
    const ended = await fetch(`${a.url}${pathOf(api.endSession.url, { id: target })}`, {
      method: 'DELETE',
      headers: { cookie: `${SESSION_COOKIE}=${client.cookie}`, 'x-requested-with': 't' },
    });
    expect(ended.status).toBe(200);
    expect(await revoked).toEqual({ reason: 'ended' });
    expect(await gone).toBe('io server disconnect');
    // The end reached B before its sign-out did (one stream, in order): B refuses the session now.
    expect((await onB(other, api.user.url)).status).toBe(401);
    expect((await onB(client.cookie as string, api.user.url)).status).toBe(200);
    expect(keeperTab.connected).toBe(true);
  });

  it('a member banned through A is refused by B at once, though B holds the member in memory', async () => {
    const { user, client } = await createMember(app);
    const { client: admin } = await createMember(app, { isAdmin: true });
    const onB = () => fetch(`${b.url}${api.user.url}`, { headers: { cookie: `${SESSION_COOKIE}=${client.cookie}` } });
    expect((await onB()).status).toBe(200);
    const socket = await tab(b, client.cookie);
    const revoked = new Promise((resolve) => socket.once('session:revoked', resolve));

    expect((await post(a, admin.cookie, pathOf(api.banUser.url, { id: user.id }), {})).status).toBe(200);
    expect(await revoked).toEqual({ reason: 'banned' });
    // The change reached B before the sign-out did: B re-read the member and refuses the session now.
    expect((await onB()).status).toBe(401);
  });

  it('a purchase through A opens the thread on B, which remembered it as not held', async () => {
    const { user: author } = await createMember(app);
    const { user, client } = await createMember(app);
    await grantCoins(app, user.id, 10);
    const thread = await aThread(app, author, { isPremium: true, premiumCost: 5 });
    const detail = () =>
      fetch(`${b.url}${pathOf(api.thread.url, { id: thread.id })}`, {
        headers: { cookie: `${SESSION_COOKIE}=${client.cookie}` },
      });
    // B hears of the approved thread over Redis (a few milliseconds), then remembers the member holds nothing.
    const soon = { timeout: 2000, interval: 20 };
    await expect.poll(async () => (await detail()).status, soon).toBe(402);

    const spend = { amount: 5, referenceType: 'thread', referenceId: thread.id };
    expect((await post(a, client.cookie, api.spendCoins.url, spend)).status).toBe(200);
    await expect.poll(async () => (await detail()).status, soon).toBe(200);
  });

  it('a socket on B that comes back after a logout through A gets nothing it missed and is refused', async () => {
    const { client: sender } = await createMember(app);
    const { user, client } = await createMember(app);
    const socket: ClientSocket = connect(b.url, {
      transports: ['websocket'],
      reconnectionDelay: 1000,
      reconnectionDelayMax: 1000,
      extraHeaders: { cookie: `${SESSION_COOKIE}=${client.cookie}` },
    });
    sockets.push(socket);
    const received: string[] = [];
    socket.onAny((event: string) => received.push(event));
    let refusedWith: string | undefined;
    socket.on('connect_error', (error) => {
      refusedWith = (error as Error & { data?: { code?: string } }).data?.code;
    });
    await new Promise((resolve) => socket.once('session:ready', resolve));

    socket.io.engine.close();
    await sleep(200);
    expect((await post(a, client.cookie, api.logout.url, {})).status).toBe(200);
    const sent = await post(a, sender.cookie, api.sendMessage.url, { recipientId: user.id, content: 'Private' });
    expect(sent.status).toBe(201);
    const deadline = Date.now() + 5000;
    while (!refusedWith && Date.now() < deadline) await sleep(20);
    expect(refusedWith).toBe(ErrorCode.SessionEnded);
    expect(received).not.toContain('message:new');
    expect(socket.connected).toBe(false);
  });
});

describe('who is here, across two server processes', () => {
  it("counts a thread's reader on process A for a reader on process B, and forgets them when they leave", async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author);
    const { user: alice, client: aliceClient } = await createMember(app);
    const { user: bob, client: bobClient } = await createMember(app);
    const packets: ThreadReaders[] = [];
    const onB = await tab(b, bobClient.cookie);
    onB.on('thread:readers', (readers) => packets.push(readers));
    expect(await onB.timeout(2000).emitWithAck('thread:watch', thread.id)).toEqual({ ok: true });
    const onA = await tab(a, aliceClient.cookie);
    expect(await onA.timeout(2000).emitWithAck('thread:watch', thread.id)).toEqual({ ok: true });
    // A second tab of Alice's, on B: still one member.
    const alsoOnB = await tab(b, aliceClient.cookie);
    expect(await alsoOnB.timeout(2000).emitWithAck('thread:watch', thread.id)).toEqual({ ok: true });

    const soon = { timeout: 5000, interval: 20 };
    const latest = () => packets.toSorted((x, y) => x.at - y.at).at(-1);
    await expect.poll(latest, soon).toMatchObject({ members: 2 });
    expect(
      latest()
        ?.shown.map((member) => member.id)
        .sort(),
    ).toEqual([alice.id, bob.id].sort());

    alsoOnB.disconnect();
    onA.disconnect();
    await expect.poll(latest, soon).toMatchObject({ members: 1, shown: [{ id: bob.id }] });
  });

  it('relays typing from a member on process A to the recipient on process B', async () => {
    const { user: alice, client: aliceClient } = await createMember(app);
    const { user: bob, client: bobClient } = await createMember(app);
    const inbox = await tab(b, bobClient.cookie);
    const typing = new Promise((resolve) => inbox.once('message:typing', resolve));
    const stopped = new Promise((resolve) => inbox.once('message:typing-stopped', resolve));
    const writer = await tab(a, aliceClient.cookie);
    writer.emit('message:typing', { toUsername: bob.username });
    expect(await typing).toEqual({ fromUserId: alice.id, username: alice.username });
    writer.disconnect();
    expect(await stopped).toEqual({ fromUserId: alice.id });
  });
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
