import { api, type Message, type ServerToClientEvents } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import type { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { type BrowserTabs, listeningWithTabs, quiet, type Tab } from '../test/tabs.ts';

let app: App;
let tabs: BrowserTabs;

beforeAll(async () => {
  ({ app, tabs } = await listeningWithTabs());
});

/** A browser tab of the member: a socket with their session cookie, recording every event. */
const openTab = (client: TestClient) => tabs.open(client);

function next<E extends keyof ServerToClientEvents>(
  tab: Tab,
  event: E,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within 5 s`)), 5000);
    tab.once(
      event as 'message:new',
      ((payload: never) => {
        clearTimeout(timer);
        resolve(payload);
      }) as never,
    );
  });
}

async function member() {
  const { user, client } = await createMember(app);
  return { user, client, tabs: [await openTab(client), await openTab(client)] as const };
}

describe('live private messages', () => {
  it('delivers a new message and the unread count to every tab of the recipient, and Sent to the sender', async () => {
    const alice = await member();
    const bob = await member();
    const carol = await member();

    const arrivals = bob.tabs.map((tab) => Promise.all([next(tab, 'message:new'), next(tab, 'message:unread')]));
    const sentEchoes = alice.tabs.map((tab) => next(tab, 'message:sent'));
    const response = await alice.client.call(api.sendMessage, { body: { content: 'Live!', recipientId: bob.user.id } });
    expect(response.statusCode).toBe(201);
    const message = response.json() as Message;

    for (const [arrived, count] of await Promise.all(arrivals)) {
      expect(arrived).toEqual(message);
      expect(count).toEqual({ unreadCount: 1 });
    }
    for (const echoed of await Promise.all(sentEchoes)) expect(echoed).toEqual(message);

    await quiet(app, ...carol.tabs, ...alice.tabs);
    for (const tab of carol.tabs) expect(tab.received).toEqual([]);
    for (const tab of alice.tabs) expect(tab.received.map(([event]) => event)).toEqual(['message:sent']);
  });

  it('reading on one tab updates the count on the others and sends the sender a read receipt', async () => {
    const alice = await member();
    const bob = await member();
    const carol = await member();
    const first = (
      await alice.client.call(api.sendMessage, { body: { content: 'one', recipientId: bob.user.id } })
    ).json() as Message;
    // A second sender, so the 2-second limit does not hold the second message back.
    const other = await createMember(app);
    await other.client.call(api.sendMessage, { body: { content: 'two', recipientId: bob.user.id } });
    await Promise.all(bob.tabs.map((tab) => next(tab, 'message:new')));
    await quiet(app, ...alice.tabs, ...bob.tabs);
    for (const tab of [...alice.tabs, ...bob.tabs]) tab.received.length = 0;

    const counts = bob.tabs.map((tab) => next(tab, 'message:unread'));
    const receipts = alice.tabs.map((tab) => next(tab, 'message:read'));
    const read = await bob.client.call(api.markMessageRead, { params: { id: first.id } });
    expect(read.statusCode).toBe(200);
    const { readAt } = read.json() as Message;

    for (const count of await Promise.all(counts)) expect(count).toEqual({ unreadCount: 1 });
    for (const receipt of await Promise.all(receipts)) expect(receipt).toEqual({ id: first.id, readAt });

    // Reading it again changes nothing, so nothing is pushed.
    expect((await bob.client.call(api.markMessageRead, { params: { id: first.id } })).statusCode).toBe(200);
    await quiet(app, ...alice.tabs, ...bob.tabs, ...carol.tabs);
    for (const tab of bob.tabs) {
      expect(tab.received).toEqual([
        ['message:unread', { unreadCount: 1 }],
        ['message:read', { id: first.id, readAt }],
      ]);
    }
    for (const tab of alice.tabs) expect(tab.received).toEqual([['message:read', { id: first.id, readAt }]]);
    for (const tab of carol.tabs) expect(tab.received).toEqual([]);
  });

  it('pushes nothing when a message is refused', async () => {
    const alice = await member();
    const bob = await member();
    await bob.client.call(api.blockMember, { params: { id: alice.user.id } });
    const refused = await alice.client.call(api.sendMessage, { body: { content: 'Hi', recipientId: bob.user.id } });
    expect(refused.statusCode).toBe(403);
    await quiet(app, ...alice.tabs, ...bob.tabs);
    for (const tab of [...alice.tabs, ...bob.tabs]) expect(tab.received).toEqual([]);
  });
});
