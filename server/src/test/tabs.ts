import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ClientToServerEvents, ServerToClientEvents } from '@enclave/protocol';
import { io as connect, type Socket } from 'socket.io-client';
import type { App } from '../app.ts';
import { SESSION_COOKIE } from '../auth/session.ts';
import { createTestApp } from './app.ts';
import { onFileEnd } from './cleanup.ts';
import type { TestClient } from './client.ts';

export type Tab = Socket<ServerToClientEvents, ClientToServerEvents> & { received: [string, unknown][] };

/** Browser tabs on a listening app: each records every event it receives. Call `close()` when done. */
export function browserTabs(app: App) {
  const tabs: Tab[] = [];
  const url = () => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  async function open(client?: TestClient): Promise<Tab> {
    const socket = connect(url(), {
      transports: ['websocket'],
      reconnection: false,
      ...(client ? { extraHeaders: { cookie: `${SESSION_COOKIE}=${client.cookie}` } } : {}),
    }) as Tab;
    socket.received = [];
    tabs.push(socket);
    const ready = new Promise((resolve) => socket.once('session:ready', resolve));
    socket.onAny((event: string, payload: unknown) => socket.received.push([event, payload]));
    await ready;
    socket.received.length = 0;
    return socket;
  }

  function close() {
    for (const tab of tabs) tab.disconnect();
  }

  return { open, close };
}

/** Waits until the tab has received `count` events of this name, and answers their payloads. */
export async function received(tab: Tab, event: keyof ServerToClientEvents, count = 1): Promise<unknown[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const payloads = tab.received.filter(([name]) => name === event).map(([, payload]) => payload);
    if (payloads.length >= count) return payloads;
    if (Date.now() > deadline) throw new Error(`only ${payloads.length} ${event} of ${count} within 5 s`);
    await sleep(20);
  }
}

/**
 * Waits until the app's background work is done (app.settled()) and everything it sent these tabs has arrived: a
 * round trip on each tab's own connection comes back after every packet sent to it before.
 */
export async function quiet(app: App, ...tabs: Tab[]): Promise<void> {
  await app.settled();
  await Promise.all(tabs.map((tab) => tab.timeout(5000).emitWithAck('thread:watch', 0)));
}

export const eventsNamed = (tab: Tab, prefix: string) => tab.received.filter(([name]) => name.startsWith(prefix));

export type BrowserTabs = ReturnType<typeof browserTabs>;

/** What a realtime test file starts with: the app listening on a free port, and tabs on it closed when the file ends. */
export async function listeningWithTabs(env: Record<string, string> = {}) {
  const app = await createTestApp(env);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const tabs = browserTabs(app);
  onFileEnd(() => tabs.close());
  return { app, tabs };
}
