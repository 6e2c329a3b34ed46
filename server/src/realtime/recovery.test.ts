import type { AddressInfo } from 'node:net';
import { api, type ClientToServerEvents, ErrorCode, rooms, type ServerToClientEvents } from '@enclave/protocol';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { SESSION_COOKIE } from '../auth/session.ts';
import { sendMessage } from '../private-messages/service.ts';
import { createTestApp } from '../test/app.ts';
import type { TestClient } from '../test/client.ts';
import { createMember, DEFAULT_PASSWORD } from '../test/factories.ts';
import { aThread, grantCoins } from '../test/forum.ts';

/**
 * Revocation reaches sockets that come back. A socket drops for a moment, the session is revoked meanwhile and
 * something private is pushed; when the socket comes back within the recovery window it must get none of it,
 * join no room, and be refused.
 */

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents> & { received: string[]; refusedWith?: string };

let app: App;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => {
  for (const socket of sockets) socket.disconnect();
});

/** A tab that reconnects by itself after a blip, as the browser does, and records what it receives. */
async function tab(client: TestClient): Promise<ClientSocket> {
  const socket = connect(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, {
    transports: ['websocket'],
    reconnectionDelay: 1000,
    reconnectionDelayMax: 1000,
    extraHeaders: { cookie: `${SESSION_COOKIE}=${client.cookie}` },
  }) as ClientSocket;
  socket.received = [];
  sockets.push(socket);
  socket.onAny((event: string) => socket.received.push(event));
  socket.on('connect_error', (error) => {
    socket.refusedWith = (error as Error & { data?: { code?: string } }).data?.code;
  });
  await new Promise((resolve) => socket.once('session:ready', resolve));
  socket.received.length = 0;
  return socket;
}

/** Drops the tab's transport (a network blip) and waits until the server has seen it go. */
async function blip(socket: ClientSocket, userId: number) {
  socket.io.engine.close();
  await expect.poll(async () => (await app.io.in(rooms.user(userId)).fetchSockets()).length, { timeout: 5000 }).toBe(0);
}

/**
 * Waits for the tab's comeback to be decided: refused (the server closed it, so nothing can arrive after), or
 * connected again (what it missed is then polled for).
 */
async function comeback(socket: ClientSocket) {
  await expect.poll(() => Boolean(socket.refusedWith) || socket.connected, { timeout: 5000 }).toBe(true);
}

describe('a socket that comes back after its session was revoked', () => {
  it('recovers normally when nothing was revoked, and gets what it missed', async () => {
    const { user, client } = await createMember(app);
    const { user: sender } = await createMember(app);
    const socket = await tab(client);
    await blip(socket, user.id);
    await sendMessage(app, sender, { content: 'While you were away', recipientId: user.id });
    await comeback(socket);
    expect(socket.connected).toBe(true);
    expect(socket.recovered).toBe(true);
    await expect.poll(() => socket.received).toContain('message:new');
  });

  it('after a password change: no missed message, no room, refused', async () => {
    const { user, client } = await createMember(app);
    const { user: sender } = await createMember(app);
    const socket = await tab(client);
    await blip(socket, user.id);
    const changed = await client.call(api.changePassword, {
      body: { currentPassword: DEFAULT_PASSWORD, newPassword: 'another-pass', confirmPassword: 'another-pass' },
    });
    expect(changed.statusCode).toBe(200);
    await sendMessage(app, sender, { content: 'Private', recipientId: user.id });
    await comeback(socket);
    expect(socket.received).not.toContain('message:new');
    expect(socket.refusedWith).toBe(ErrorCode.SessionEnded);
    expect(socket.connected).toBe(false);
    expect(await app.io.in(rooms.user(user.id)).fetchSockets()).toHaveLength(0);
  });

  it('after a ban: no missed message or balance, refused', async () => {
    const { user, client } = await createMember(app);
    const { user: sender } = await createMember(app);
    const { client: moderator } = await createMember(app, { isModerator: true });
    const socket = await tab(client);
    await blip(socket, user.id);
    expect((await moderator.call(api.banUser, { params: { id: user.id } })).statusCode).toBe(200);
    await sendMessage(app, sender, { content: 'Private', recipientId: user.id });
    await grantCoins(app, user.id, 100);
    await comeback(socket);
    expect(socket.received).not.toContain('message:new');
    expect(socket.received).not.toContain('wallet:balance');
    expect(socket.refusedWith).toBe(ErrorCode.SessionEnded);
  });

  it('a moderator after logout: no approval-queue event, refused, and a later try is a plain visitor', async () => {
    const { user, client } = await createMember(app, { isModerator: true });
    const { user: author } = await createMember(app);
    const socket = await tab(client);
    await blip(socket, user.id);
    expect((await client.call(api.logout)).statusCode).toBe(200);
    await aThread(app, author, {}, { approved: false });
    await comeback(socket);
    expect(socket.received).not.toContain('approval:queued');
    expect(socket.refusedWith).toBe(ErrorCode.SessionEnded);
    expect(await app.io.in(rooms.staff).fetchSockets()).toHaveLength(0);

    const ready = new Promise<{ userId: number | null }>((resolve) => socket.once('session:ready', resolve));
    socket.connect();
    expect(await ready).toEqual({ userId: null });
  });
});
