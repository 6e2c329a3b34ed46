import { api, type ThreadReaders } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import type { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aThread } from '../test/forum.ts';
import { type BrowserTabs, listeningWithTabs, quiet, type Tab } from '../test/tabs.ts';

let app: App;
let tabs: BrowserTabs;

beforeAll(async () => {
  ({ app, tabs } = await listeningWithTabs());
});

/** The last readers packet a tab holds for the thread, once one matches (packets come at most once a second). */
/** `expected` as toMatchObject takes it: the readers shown may be named by their ids alone. */
type ReadersLike = Partial<Omit<ThreadReaders, 'shown'>> & { shown?: Partial<ThreadReaders['shown'][number]>[] };

async function readersSeen(tab: Tab, threadId: number, expected: ReadersLike): Promise<ThreadReaders> {
  let last: ThreadReaders | undefined;
  await expect
    .poll(
      () => {
        const packets = tab.received
          .filter(([event, payload]) => event === 'thread:readers' && (payload as ThreadReaders).threadId === threadId)
          .map(([, payload]) => payload as ThreadReaders);
        last = packets.at(-1);
        return last;
      },
      { timeout: 5000, interval: 20 },
    )
    .toMatchObject(expected);
  return last as ThreadReaders;
}

async function watching(threadId: number, client?: TestClient): Promise<Tab> {
  const tab = await tabs.open(client);
  expect(await tab.timeout(2000).emitWithAck('thread:watch', threadId)).toEqual({ ok: true });
  return tab;
}

async function aMember(privacy?: { hideProfile: boolean }) {
  const { user, client } = await createMember(app);
  if (privacy) await client.call(api.updatePrivacy, { body: { defaultThreadPrivate: false, hideProfile: true } });
  return { user, client };
}

describe("a thread's readers", () => {
  it('counts a member once however many tabs, names them with public fields only, and tells a new watcher', async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author);
    const alice = await aMember();
    const bob = await aMember();
    const first = await watching(thread.id, alice.client);
    await watching(thread.id, alice.client);
    const seen = await readersSeen(first, thread.id, { members: 1, visitors: 0 });
    expect(seen.shown).toEqual([{ id: alice.user.id, username: alice.user.username, profilePicture: null }]);

    const bobsTab = await watching(thread.id, bob.client);
    // The newcomer hears who is there, and so do the others.
    for (const tab of [bobsTab, first]) {
      const readers = await readersSeen(tab, thread.id, { members: 2, hidden: 0 });
      expect(readers.shown.map((member) => member.id).sort()).toEqual([alice.user.id, bob.user.id].sort());
      expect(Object.keys(readers.shown[0] ?? {}).sort()).toEqual(['id', 'profilePicture', 'username']);
    }
  });

  it('counts a member who hides their profile without naming them', async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author);
    const shy = await aMember({ hideProfile: true });
    const open = await aMember();
    await watching(thread.id, shy.client);
    const tab = await watching(thread.id, open.client);
    const readers = await readersSeen(tab, thread.id, { members: 2, hidden: 1 });
    expect(readers.shown.map((member) => member.id)).toEqual([open.user.id]);
    expect(JSON.stringify(readers)).not.toContain(shy.user.username);
  });

  it('follows an unwatch, a closed tab and a dropped socket, while another tab of the member keeps them counted', async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author);
    const [alice, bob, carol] = [await aMember(), await aMember(), await aMember()];
    const observer = await watching(thread.id, alice.client);
    const bobTabs = [await watching(thread.id, bob.client), await watching(thread.id, bob.client)];
    const carolsTab = await watching(thread.id, carol.client);
    await readersSeen(observer, thread.id, { members: 3 });

    carolsTab.emit('thread:unwatch', thread.id);
    await readersSeen(observer, thread.id, { members: 2 });

    // One of Bob's tabs closes: he still reads in the other (a fresh packet says so).
    observer.received.length = 0;
    bobTabs[0]?.disconnect();
    await readersSeen(observer, thread.id, { members: 2 });
    // The other drops without a goodbye (its connection cut): the server sees the socket go.
    bobTabs[1]?.io.engine.close();
    const readers = await readersSeen(observer, thread.id, { members: 1 });
    expect(readers.shown.map((member) => member.id)).toEqual([alice.user.id]);
  });

  it('refuses a member without access to a private thread and does not count them; visitors count apart', async () => {
    const { user: author, client: authorClient } = await createMember(app);
    const insider = await aMember();
    const outsider = await aMember();
    const secret = await aThread(app, author, { isPrivate: true, allowedUserIds: [insider.user.id] });
    const authorsTab = await watching(secret.id, authorClient);
    const outsidersTab = await tabs.open(outsider.client);
    const refused = await outsidersTab.timeout(2000).emitWithAck('thread:watch', secret.id);
    expect(refused.ok).toBe(false);
    const visitorsTab = await tabs.open();
    expect((await visitorsTab.timeout(2000).emitWithAck('thread:watch', secret.id)).ok).toBe(false);
    await watching(secret.id, insider.client);
    const readers = await readersSeen(authorsTab, secret.id, { members: 2, visitors: 0 });
    expect(readers.shown.map((member) => member.id)).not.toContain(outsider.user.id);
    await quiet(app, outsidersTab, visitorsTab);
    expect(outsidersTab.received.filter(([event]) => event === 'thread:readers')).toEqual([]);
    expect(visitorsTab.received.filter(([event]) => event === 'thread:readers')).toEqual([]);

    // A public thread: visitors are counted as visitors, one per tab, and named nowhere.
    const open = await aThread(app, author);
    const membersTab = await watching(open.id, insider.client);
    await watching(open.id);
    await watching(open.id);
    const withVisitors = await readersSeen(membersTab, open.id, { members: 1, visitors: 2 });
    expect(withVisitors.shown).toHaveLength(1);
  });

  it('stops counting a reader an edit takes access from, and tells them nothing more', async () => {
    const { user: author } = await createMember(app);
    const { client: admin } = await createMember(app, { isAdmin: true });
    const thread = await aThread(app, author);
    const [alice, bob] = [await aMember(), await aMember()];
    const observer = await watching(thread.id, alice.client);
    const bobsTab = await watching(thread.id, bob.client);
    await readersSeen(observer, thread.id, { members: 2 });

    const edit = { isPrivate: true, allowedUserIds: [alice.user.id] };
    expect((await admin.call(api.editThread, { params: { id: thread.id }, body: edit })).statusCode).toBe(200);
    await readersSeen(observer, thread.id, { members: 1, shown: [{ id: alice.user.id }] });
    bobsTab.received.length = 0;
    // Someone else arrives: the room is told, Bob's tab is not in it.
    await watching(thread.id, admin);
    await readersSeen(observer, thread.id, { members: 2 });
    await quiet(app, bobsTab);
    expect(bobsTab.received.filter(([event]) => event === 'thread:readers')).toEqual([]);
  });

  it('sends a busy thread at most about once a second, the last count winning', async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author);
    const observer = await watching(thread.id, (await aMember()).client);
    await readersSeen(observer, thread.id, { members: 1 });
    const started = Date.now();
    observer.received.length = 0;
    const crowd = await Promise.all(
      Array.from({ length: 20 }, async () => watching(thread.id, (await aMember()).client)),
    );
    await readersSeen(observer, thread.id, { members: 21 });
    const packets = observer.received.filter(([event]) => event === 'thread:readers').length;
    // Twenty joins in the time it took: one packet per started second, plus the one that ends the window.
    expect(packets).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 1000) + 1);
    expect(crowd).toHaveLength(20);
  });
});
