import { api, type Notification, type NotificationCount, type NotificationList } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { append } from '../storage/index.ts';
import type { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aThread } from '../test/forum.ts';
import { commandsDuring } from '../test/scans.ts';
import { type BrowserTabs, listeningWithTabs, quiet, received, type Tab } from '../test/tabs.ts';
import { notificationModels } from './models.ts';
import { mailOf, notificationsOf } from './notification-model.ts';

// A reply to a thread whose participants have tabs open: told to all of them at once (fan-out.ts), the same
// notification the list shows afterwards, and to those away once when they come back.

let app: App;
let tabs: BrowserTabs;

beforeAll(async () => {
  ({ app, tabs } = await listeningWithTabs());
});

type Pushed = { notification: Notification } & NotificationCount;

const listOf = async (client: TestClient) =>
  (await client.call(api.notifications, { query: {} })).json<NotificationList>();
const reply = (client: TestClient, threadId: number) =>
  client.call(api.reply, { params: { id: threadId }, body: { content: 'A reply' } });
const pushedTo = (tab: Tab) =>
  tab.received.filter(([name]) => name === 'notification:new').map(([, payload]) => payload as Pushed);
const storedFor = (memberId: number) =>
  notificationModels(app).NotificationItem.countDocuments({
    list: { $in: [notificationsOf(memberId), mailOf(memberId)] },
  });

/** A tab of the member's, once its bell is loaded and what it caught up on has arrived; then it has received nothing. */
async function openTab(client: TestClient): Promise<Tab> {
  const tab = await tabs.open(client);
  await quiet(app, tab);
  tab.received.length = 0;
  return tab;
}

describe('a reply in a busy thread', () => {
  it('reaches every participant with a tab open in one insert of notifications, however many they are', async () => {
    const author = await createMember(app);
    const thread = await aThread(app, author.user, { title: 'Busy' });
    const repliers = [];
    for (let i = 0; i < 6; i++) {
      const member = await createMember(app);
      expect((await reply(member.client, thread.id)).statusCode).toBe(201);
      repliers.push(member);
    }
    const online = [author, ...repliers];
    const open = await Promise.all(online.map(({ client }) => openTab(client)));

    const last = await createMember(app);
    const commands = await commandsDuring(app, async () => {
      expect((await reply(last.client, thread.id)).statusCode).toBe(201);
      await quiet(app, ...open);
    });
    expect(commands.filter((command) => command === 'insert notificationitems')).toHaveLength(1);
    for (const [i, member] of online.entries()) {
      const pushed = pushedTo(open[i] as Tab);
      expect(pushed).toHaveLength(1);
      expect(pushed[0]?.notification).toMatchObject({ kind: 'reply', title: 'Busy', actorName: last.user.username });
      // The one the list shows, with the same counts.
      const list = await listOf(member.client);
      expect(list.notifications[0]).toEqual(pushed[0]?.notification);
      expect(pushed[0]).toMatchObject({ unreadCount: list.unreadCount, readUpTo: list.readUpTo });
    }
  });

  it('spares a told member’s next look at the list the markers of what they were told', async () => {
    const author = await createMember(app);
    const thread = await aThread(app, author.user);
    const tab = await openTab(author.client);
    expect((await reply((await createMember(app)).client, thread.id)).statusCode).toBe(201);
    await quiet(app, tab);
    // The look catches up first, and finds that reply among the thread's latest: its bell here knows it was told.
    const look = await commandsDuring(app, async () => {
      expect((await listOf(author.client)).notifications).toHaveLength(1);
    });
    expect(look.filter((command) => command === 'find notificationmarkers')).toEqual([]);
  });

  it('tells a participant online the notification their list then shows; one away once when they come back', async () => {
    const author = await createMember(app);
    const away = await createMember(app);
    const thread = await aThread(app, author.user, { title: 'Both' });
    expect((await reply(away.client, thread.id)).statusCode).toBe(201);
    // The author catches up on the reply of the member now away, and keeps the tab open.
    const authorTab = await openTab(author.client);

    const replier = await createMember(app);
    expect((await reply(replier.client, thread.id)).statusCode).toBe(201);
    const [pushed] = (await received(authorTab, 'notification:new')) as Pushed[];
    expect(pushed).toMatchObject({
      unreadCount: 2,
      readUpTo: 0,
      notification: { id: 2, kind: 'reply', title: 'Both', actorName: replier.user.username },
    });
    expect((await listOf(author.client)).notifications[0]).toEqual(pushed?.notification);
    // Mark all read (up to the newest, as the panel does) covers it; the next reply counts from there.
    const marked = await author.client.call(api.markNotificationsRead, {
      body: { upTo: pushed?.notification.id ?? 0 },
    });
    expect(marked.json()).toEqual({ unreadCount: 0, readUpTo: 2 });
    expect((await reply((await createMember(app)).client, thread.id)).statusCode).toBe(201);
    expect((await received(authorTab, 'notification:new', 2))[1]).toMatchObject({
      unreadCount: 1,
      readUpTo: 2,
      notification: { id: 3 },
    });

    // Nothing was written for the member away; back, they are told each reply once, live, as their list says.
    await quiet(app);
    expect(await storedFor(away.user.id)).toBe(0);
    const awayTab = await tabs.open(away.client);
    await quiet(app, awayTab);
    const told = pushedTo(awayTab);
    expect(told.map((p) => p.notification.actorName)).toEqual([replier.user.username, expect.any(String)]);
    expect((await listOf(away.client)).notifications).toEqual(told.map((p) => p.notification).reverse());
    // Another tab, or looking again, tells nothing more.
    const again = await openTab(away.client);
    await quiet(app, again, awayTab);
    expect(pushedTo(again)).toEqual([]);
    expect((await listOf(away.client)).notifications).toHaveLength(2);
    expect(await storedFor(away.user.id)).toBe(2);
  });

  it('follows the preferences saved while a tab is open: replies off tells nothing, mail tells both ways', async () => {
    const author = await createMember(app);
    const thread = await aThread(app, author.user);
    const tab = await openTab(author.client);
    const choose = async (reply: { app: boolean; email: boolean }) => {
      const { kinds } = (await author.client.call(api.notificationPreferences)).json();
      await author.client.call(api.saveNotificationPreferences, { body: { kinds: { ...kinds, reply } } });
    };

    await choose({ app: false, email: false });
    expect((await reply((await createMember(app)).client, thread.id)).statusCode).toBe(201);
    await quiet(app, tab);
    expect(pushedTo(tab)).toEqual([]);
    expect(await storedFor(author.user.id)).toBe(0);

    await choose({ app: true, email: true });
    expect((await reply((await createMember(app)).client, thread.id)).statusCode).toBe(201);
    await quiet(app, tab);
    expect(pushedTo(tab)).toHaveLength(1);
    // In the app and in the mail list for the digest.
    expect(await storedFor(author.user.id)).toBe(2);
  });

  it('tells at the next free number, once, when another process appended behind this one’s back', async () => {
    const author = await createMember(app);
    const thread = await aThread(app, author.user);
    const tab = await openTab(author.client);
    // As another process would: an item this process's bell never heard of.
    await append(app, notificationModels(app).NotificationItem, notificationsOf(author.user.id), () => ({
      kind: 'payment' as const,
      outcome: 'confirmed' as const,
      threadId: null,
      actorId: null,
      createdAt: new Date(),
    }));

    expect((await reply((await createMember(app)).client, thread.id)).statusCode).toBe(201);
    await quiet(app, tab);
    const pushed = pushedTo(tab);
    expect(pushed).toHaveLength(1);
    expect(pushed[0]).toMatchObject({ unreadCount: 2, notification: { id: 2, kind: 'reply' } });
    const list = await listOf(author.client);
    expect(list.notifications.map((n) => [n.id, n.kind])).toEqual([
      [2, 'reply'],
      [1, 'payment'],
    ]);
    expect(list.notifications[0]).toEqual(pushed[0]?.notification);
  });
});
