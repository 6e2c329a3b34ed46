import type { AddressInfo } from 'node:net';
import type { ClientToServerEvents, ServerToClientEvents } from '@enclave/protocol';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';

let app: App;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => {
  for (const socket of sockets) socket.disconnect();
});

function client(): Socket<ServerToClientEvents, ClientToServerEvents> {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(url, {
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  return socket;
}

describe('Socket.IO on the API server', () => {
  it('accepts a connection and says who it thinks the client is', async () => {
    const socket = client();
    const ready = await new Promise<{ userId: number | null }>((resolve) => socket.once('session:ready', resolve));
    expect(ready).toEqual({ userId: null });
  });

  it('answers a ping with an acknowledgement', async () => {
    const socket = client();
    const reply = await socket.timeout(2000).emitWithAck('ping');
    expect(reply.at).toBeTypeOf('number');
  });

  it('disconnects a socket that sends more than 100 events in 10 s, and serves the others', async () => {
    const flooder = client();
    const calm = client();
    await Promise.all([flooder, calm].map((s) => new Promise((resolve) => s.once('session:ready', resolve))));
    const kicked = new Promise<string>((resolve) => flooder.once('disconnect', resolve));
    const answered = await Promise.all(Array.from({ length: 100 }, () => flooder.timeout(2000).emitWithAck('ping')));
    expect(answered).toHaveLength(100);
    expect(flooder.connected).toBe(true);
    flooder.emit('ping', () => undefined);
    expect(await kicked).toBe('io server disconnect');
    expect((await calm.timeout(2000).emitWithAck('ping')).at).toBeTypeOf('number');
  });

  it('disconnects its sockets when the app closes', async () => {
    const other = await createTestApp();
    await other.listen({ port: 0, host: '127.0.0.1' });
    const socket = connect(`http://127.0.0.1:${(other.server.address() as AddressInfo).port}`, {
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));
    const started = Date.now();
    await other.close();
    await disconnected;
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
