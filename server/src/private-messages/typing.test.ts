import { api } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createMember } from '../test/factories.ts';
import { type BrowserTabs, eventsNamed, listeningWithTabs, quiet, received, type Tab } from '../test/tabs.ts';

let app: App;
let tabs: BrowserTabs;

beforeAll(async () => {
  ({ app, tabs } = await listeningWithTabs());
});

async function member(overrides: Parameters<typeof createMember>[1] = {}) {
  const { user, client } = await createMember(app, overrides);
  return { user, client, tab: await tabs.open(client) };
}

const typingTo = (tab: Tab, toUsername: string) => tab.emit('message:typing', { toUsername });

describe('"typing…" in private messages', () => {
  it("reaches every tab of the recipient (by name, any case) and no one else's, then stops", async () => {
    const alice = await member();
    const bob = await member();
    const carol = await member();
    const bobsOtherTab = await tabs.open(bob.client);

    typingTo(alice.tab, bob.user.username.toUpperCase());
    for (const tab of [bob.tab, bobsOtherTab]) {
      expect(await received(tab, 'message:typing')).toEqual([
        { fromUserId: alice.user.id, username: alice.user.username },
      ]);
    }
    alice.tab.emit('message:typing-stopped', { toUsername: bob.user.username });
    expect(await received(bob.tab, 'message:typing-stopped')).toEqual([{ fromUserId: alice.user.id }]);
    await quiet(app, alice.tab, carol.tab);
    expect(eventsNamed(carol.tab, 'message:')).toEqual([]);
    expect(eventsNamed(alice.tab, 'message:')).toEqual([]);
  });

  it('is not relayed across a block either way, to oneself, to no one, from a visitor, or from a muted member', async () => {
    const alice = await member();
    const bob = await member();
    const carol = await member();
    expect((await bob.client.call(api.blockMember, { params: { id: alice.user.id } })).statusCode).toBe(200);
    expect((await alice.client.call(api.blockMember, { params: { id: carol.user.id } })).statusCode).toBe(200);
    const muted = await member({ mutedUntil: new Date(Date.now() + 60 * 60 * 1000) });
    const visitor = await tabs.open();

    // Each from a tab of its own: a tab's refused packet counts toward its one a second.
    const alicesTab = () => tabs.open(alice.client);
    typingTo(alice.tab, bob.user.username); // Bob blocked Alice
    typingTo(await alicesTab(), carol.user.username); // Alice blocked Carol
    typingTo(carol.tab, alice.user.username);
    typingTo(await alicesTab(), alice.user.username);
    typingTo(bob.tab, 'nobody_by_that_name');
    typingTo(visitor, bob.user.username);
    typingTo(muted.tab, bob.user.username);
    (await alicesTab()).emit('message:typing', { toUsername: 42 } as never);
    await quiet(app, alice.tab, bob.tab, carol.tab);
    for (const tab of [alice.tab, bob.tab, carol.tab]) expect(eventsNamed(tab, 'message:typing')).toEqual([]);

    // Unblocked, the same packet goes through (from a new tab: the refused one counts toward a tab's one a second).
    await bob.client.call(api.unblockMember, { params: { id: alice.user.id } });
    typingTo(await tabs.open(alice.client), bob.user.username);
    expect(await received(bob.tab, 'message:typing')).toHaveLength(1);
  });

  it('tells the recipient it stopped when the writing tab goes away', async () => {
    const alice = await member();
    const bob = await member();
    typingTo(alice.tab, bob.user.username);
    await received(bob.tab, 'message:typing');
    alice.tab.io.engine.close();
    expect(await received(bob.tab, 'message:typing-stopped')).toEqual([{ fromUserId: alice.user.id }]);
  });

  it('relays at most one packet a second per tab, and the flood limit cuts a tab that keeps sending', async () => {
    const alice = await member();
    const bob = await member();
    const kicked = new Promise<string>((resolve) => alice.tab.once('disconnect', resolve));
    typingTo(alice.tab, bob.user.username);
    // Relayed before the flood: 101 packets read in one go would be cut before any is handled (a loaded machine).
    await received(bob.tab, 'message:typing');
    for (let i = 0; i < 100; i += 1) typingTo(alice.tab, bob.user.username);
    expect(await kicked).toBe('io server disconnect');
    // The relay is the tab's own queue, not the app's background work: waited for by what it sends.
    await received(bob.tab, 'message:typing-stopped');
    await quiet(app, bob.tab);
    // One relay, and the stop that the dropped tab owes.
    expect(eventsNamed(bob.tab, 'message:typing').map(([event]) => event)).toEqual([
      'message:typing',
      'message:typing-stopped',
    ]);
  });
});
