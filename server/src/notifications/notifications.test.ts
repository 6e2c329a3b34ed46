import { setTimeout as sleep } from 'node:timers/promises';
import { api, type NotificationList, notificationText, type Thread } from '@enclave/protocol';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.ts';
import { muteEnding, muteEndingKey } from '../moderation/mute-endings.ts';
import { setRole } from '../operations/accounts.ts';
import type { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aThread } from '../test/forum.ts';
import { type BrowserTabs, listeningWithTabs, quiet, received } from '../test/tabs.ts';
import { userModels } from '../users/models.ts';
import { notificationModels } from './models.ts';
import { mailOf, notificationsOf } from './notification-model.ts';
import { notify } from './service.ts';

let app: App;
let tabs: BrowserTabs;

beforeAll(async () => {
  ({ app, tabs } = await listeningWithTabs());
});

const listOf = async (client: TestClient) =>
  (await client.call(api.notifications, { query: {} })).json<NotificationList>();

/** Notifications are made after the write that caused them: wait until `count` are listed. */
async function listed(client: TestClient, count: number): Promise<NotificationList> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const list = await listOf(client);
    if (list.notifications.length >= count) return list;
    if (Date.now() > deadline) throw new Error(`only ${list.notifications.length} of ${count} notifications`);
    await sleep(30);
  }
}

const reply = (client: TestClient, threadId: number, content = 'A reply') =>
  client.call(api.reply, { params: { id: threadId }, body: { content } });

describe('replies', () => {
  it('notify the thread’s author and everyone who replied, never the replier, live to every tab', async () => {
    const author = await createMember(app);
    const first = await createMember(app);
    const second = await createMember(app);
    const thread = await aThread(app, author.user, { title: 'Gardening tips' });
    const authorTabs = [await tabs.open(author.client), await tabs.open(author.client)];

    expect((await reply(first.client, thread.id)).statusCode).toBe(201);
    for (const tab of authorTabs) {
      const [pushed] = await received(tab, 'notification:new');
      expect(pushed).toMatchObject({
        unreadCount: 1,
        notification: { kind: 'reply', threadId: thread.id, title: 'Gardening tips', actorName: first.user.username },
      });
    }
    await listed(author.client, 1);
    expect((await reply(second.client, thread.id)).statusCode).toBe(201);
    expect((await listed(author.client, 2)).unreadCount).toBe(2);
    const firstSees = await listed(first.client, 1);
    expect(firstSees.notifications).toMatchObject([{ kind: 'reply', actorName: second.user.username }]);

    await quiet(app);
    expect((await listOf(second.client)).notifications).toEqual([]);
    // A reply never carries the reply's text.
    expect(JSON.stringify(await listOf(author.client))).not.toContain('A reply');
  });

  it('lists newest first and pages by id', async () => {
    const author = await createMember(app);
    const thread = await aThread(app, author.user);
    for (let i = 0; i < 3; i++) {
      const { client } = await createMember(app);
      await reply(client, thread.id);
    }
    await listed(author.client, 3);
    const page = (await author.client.call(api.notifications, { query: { limit: '2' } })).json<NotificationList>();
    expect(page.notifications.map((n) => n.id)).toEqual([3, 2]);
    expect(page.nextCursor).toBe(2);
    const older = (
      await author.client.call(api.notifications, { query: { limit: '2', before: '2' } })
    ).json<NotificationList>();
    expect(older.notifications.map((n) => n.id)).toEqual([1]);
    expect(older.nextCursor).toBeNull();
    expect((await author.client.call(api.markNotificationsRead, { body: { upTo: 3 } })).statusCode).toBe(200);
    expect((await listOf(author.client)).unreadCount).toBe(0);
    expect((await author.client.call(api.notificationPreferences)).statusCode).toBe(200);
  });
});

describe('members away', () => {
  const storedFor = (memberId: number) =>
    notificationModels(app).NotificationItem.countDocuments({
      list: { $in: [notificationsOf(memberId), mailOf(memberId)] },
    });

  it('cost nothing when a reply is written: they are told when they next look, once, oldest first', async () => {
    const author = await createMember(app);
    const thread = await aThread(app, author.user, { title: 'Away' });
    const earlier = await createMember(app);
    await reply(earlier.client, thread.id, 'First');
    const repliers = [await createMember(app), await createMember(app)];
    for (const replier of repliers) expect((await reply(replier.client, thread.id)).statusCode).toBe(201);
    await quiet(app);
    // Neither the author nor the earlier replier had a tab open: nothing was written for them.
    expect(await storedFor(author.user.id)).toBe(0);
    expect(await storedFor(earlier.user.id)).toBe(0);

    const list = await listOf(author.client);
    expect(list.unreadCount).toBe(3);
    expect(list.notifications.map((n) => n.actorName)).toEqual(
      [...repliers]
        .reverse()
        .map((r) => r.user.username)
        .concat(earlier.user.username),
    );
    expect((await listOf(earlier.client)).notifications.map((n) => n.actorName)).toEqual(
      [...repliers].reverse().map((r) => r.user.username),
    );
    // Looking again finds nothing new, and a tab that connects is pushed nothing.
    const tab = await tabs.open(author.client);
    await quiet(app, tab);
    expect((await listOf(author.client)).notifications).toHaveLength(3);
    expect(tab.received.filter(([name]) => name === 'notification:new')).toEqual([]);
  });

  it('catch up on a reply written before their own reply’s join was recorded', async () => {
    const author = await createMember(app);
    const thread = await aThread(app, author.user);
    const a = await createMember(app);
    const b = await createMember(app);
    // At once: each reply is written before the other replier has joined the thread (joining runs afterwards).
    const [ofA, ofB] = await Promise.all([a, b].map(({ client }) => reply(client, thread.id, 'At once')));
    const createdAt = (response: typeof ofA) => Date.parse(response?.json<{ createdAt: string }>().createdAt ?? '');
    await quiet(app);
    // Each hears of the other's reply if it was written at or after their own, however late their own join came.
    const hears = async (member: typeof a, other: typeof a, mine: number, theirs: number) => {
      if (theirs < mine) return expect((await listOf(member.client)).notifications).toEqual([]);
      // Joining runs after the answer, however long that takes under load: looked at until told (5 s at most).
      const told = (await listed(member.client, 1)).notifications.map((n) => n.actorName);
      expect(told, `replies at ${mine} and ${theirs}`).toEqual([other.user.username]);
    };
    await hears(a, b, createdAt(ofA), createdAt(ofB));
    await hears(b, a, createdAt(ofB), createdAt(ofA));
  });

  it('have what they missed pushed to the tab they open', async () => {
    const author = await createMember(app);
    const thread = await aThread(app, author.user, { title: 'Back again' });
    const { client, user } = await createMember(app);
    await reply(client, thread.id);
    await quiet(app);
    const [pushed] = await received(await tabs.open(author.client), 'notification:new');
    expect(pushed).toMatchObject({ unreadCount: 1, notification: { kind: 'reply', actorName: user.username } });
  });

  it('are told at once when they asked for replies by email', async () => {
    const author = await createMember(app);
    const preferences = (await author.client.call(api.notificationPreferences)).json();
    const kinds = { ...preferences.kinds, reply: { app: true, email: true } };
    await author.client.call(api.saveNotificationPreferences, { body: { kinds } });
    const thread = await aThread(app, author.user);
    await reply((await createMember(app)).client, thread.id);
    await vi.waitFor(async () => expect(await storedFor(author.user.id)).toBe(2));
  });
});

describe('read state', () => {
  it('marking read in one tab clears the count in the others; the mark never goes back', async () => {
    const author = await createMember(app);
    const thread = await aThread(app, author.user);
    const { client: replier } = await createMember(app);
    await reply(replier, thread.id);
    await listed(author.client, 1);
    const [, other] = [await tabs.open(author.client), await tabs.open(author.client)];

    const marked = await author.client.call(api.markNotificationsRead, { body: { upTo: 1 } });
    expect(marked.json()).toEqual({ unreadCount: 0, readUpTo: 1 });
    expect((await received(other as never, 'notification:read'))[0]).toEqual({ unreadCount: 0, readUpTo: 1 });

    const back = await author.client.call(api.markNotificationsRead, { body: { upTo: 0 } });
    expect(back.json()).toEqual({ unreadCount: 0, readUpTo: 1 });
    // A mark past the head stops at the head, so later notifications still count as unread.
    await author.client.call(api.markNotificationsRead, { body: { upTo: 99 } });
    const { client: later } = await createMember(app);
    await reply(later, thread.id);
    expect((await listed(author.client, 2)).unreadCount).toBe(1);
  });

  it('two tabs marking at once leave the highest mark', async () => {
    const author = await createMember(app);
    const thread = await aThread(app, author.user);
    for (let i = 0; i < 3; i++) await reply((await createMember(app)).client, thread.id);
    await listed(author.client, 3);
    await Promise.all([
      author.client.call(api.markNotificationsRead, { body: { upTo: 3 } }),
      author.client.call(api.markNotificationsRead, { body: { upTo: 1 } }),
      author.client.call(api.markNotificationsRead, { body: { upTo: 2 } }),
    ]);
    expect(await listOf(author.client)).toMatchObject({ unreadCount: 0, readUpTo: 3 });
  });

  it('a member offline meanwhile finds what they missed', async () => {
    const author = await createMember(app);
    const thread = await aThread(app, author.user);
    await reply((await createMember(app)).client, thread.id);
    expect(await listed(author.client, 1)).toMatchObject({ unreadCount: 1, readUpTo: 0 });
  });

  it('needs a member: a visitor gets 401', async () => {
    expect((await app.inject({ method: 'GET', url: api.notifications.url })).statusCode).toBe(401);
  });
});

describe('what a notification may say', () => {
  /** A reader told of a reply in a thread, as it reads while they may see the thread. */
  async function toldOfReply(title: string) {
    const author = await createMember(app, { isModerator: true });
    const reader = await createMember(app);
    const thread = await aThread(app, author.user, { title });
    await reply(reader.client, thread.id);
    await listed(author.client, 1);
    await reply(author.client, thread.id);
    expect((await listed(reader.client, 1)).notifications[0]).toMatchObject({
      threadId: thread.id,
      title,
      actorName: author.user.username,
    });
    return { author, reader, thread };
  }

  /** What the reader's list says once they may no longer see the thread: nothing and no one. */
  async function expectNamesNothing(reader: TestClient, ...names: string[]) {
    const after = await listOf(reader);
    expect(after.notifications[0]).toMatchObject({ kind: 'reply', threadId: null, title: null, actorName: null });
    for (const name of names) expect(JSON.stringify(after)).not.toContain(name);
  }

  it('names a thread and its replier only while the reader may see it: made private', async () => {
    const { client: admin } = await createMember(app, { isAdmin: true });
    const { author, reader, thread } = await toldOfReply('Soon private');
    const edited = await admin.call(api.editThread, {
      params: { id: thread.id },
      body: { isPrivate: true, allowedUserIds: [] },
    });
    expect(edited.statusCode).toBe(200);
    await expectNamesNothing(reader.client, 'Soon private', author.user.username);
  });

  it('… removed from a private thread', async () => {
    const { client: admin } = await createMember(app, { isAdmin: true });
    const reader = await createMember(app);
    const author = await createMember(app, { isModerator: true });
    const thread = await aThread(app, author.user, {
      title: 'Inner circle',
      isPrivate: true,
      allowedUserIds: [reader.user.id],
    });
    await reply(reader.client, thread.id);
    await listed(author.client, 1);
    await reply(author.client, thread.id);
    await listed(reader.client, 2);
    const edited = await admin.call(api.editThread, { params: { id: thread.id }, body: { allowedUserIds: [] } });
    expect(edited.statusCode).toBe(200);
    await expectNamesNothing(reader.client, 'Inner circle', author.user.username);
    // The notification that shared the thread names nothing either.
    expect((await listOf(reader.client)).notifications.every((n) => n.threadId === null && n.actorName === null)).toBe(
      true,
    );
  });

  it('… deleted', async () => {
    const { client: admin } = await createMember(app, { isAdmin: true });
    const { author, reader, thread } = await toldOfReply('Soon gone');
    expect((await admin.call(api.deleteThread, { params: { id: thread.id } })).statusCode).toBe(200);
    await expectNamesNothing(reader.client, 'Soon gone', author.user.username);
  });

  it('a private thread that names a member tells them, with its author', async () => {
    const chosen = await createMember(app);
    const { client: admin } = await createMember(app, { isAdmin: true });
    const created = await admin.call(api.createThread, {
      body: {
        title: 'Circle',
        content: 'For the chosen few',
        categoryId: 1,
        isPrivate: true,
        allowedUserIds: [chosen.user.id],
      },
    });
    const thread = created.json<Thread>();
    expect((await listed(chosen.client, 1)).notifications[0]).toMatchObject({
      kind: 'privateThread',
      threadId: thread.id,
      title: 'Circle',
    });
  });
});

describe('staff queues', () => {
  it('a pending thread and a new report reach staff, not members', async () => {
    const moderator = await createMember(app, { isModerator: true });
    const bystander = await createMember(app);
    const author = await createMember(app);
    const from = Date.now();
    const pending = await aThread(app, author.user, { title: 'Please approve' }, { approved: false });
    const staffSees = await listed(moderator.client, 1);
    expect(staffSees.notifications[0]).toMatchObject({
      kind: 'approvalQueued',
      threadId: pending.id,
      title: 'Please approve',
    });

    const open = await aThread(app, author.user);
    const reported = await bystander.client.call(api.createReport, {
      body: { contentType: 'thread', contentId: open.id, reason: 'Spam' },
    });
    expect(reported.statusCode).toBe(201);
    // `aThread` approves behind the services' backs, so the open thread queued first too: told with the first
    // (approvals are told once a minute), or apart if a minute turned between them.
    const minutes = Math.floor(Date.now() / 60_000) - Math.floor(from / 60_000) + 1;
    await app.settled();
    const kinds = (await listed(moderator.client, 2)).notifications.map((n) => n.kind);
    expect(kinds[0]).toBe('reportQueued');
    expect(kinds.slice(1)).toEqual(kinds.slice(1).map(() => 'approvalQueued'));
    expect(kinds.length - 1).toBeLessThanOrEqual(minutes);
    await quiet(app);
    expect((await listOf(bystander.client)).notifications).toEqual([]);
  });

  it('reach a member while an operator has made them staff, and no longer after', async () => {
    const member = await createMember(app);
    const { user: author } = await createMember(app);
    const reporter = await createMember(app);
    await setRole(app, member.user.username, 'moderator');
    const pending = await aThread(app, author, { title: 'Queued for the new moderator' }, { approved: false });
    expect((await listed(member.client, 1)).notifications[0]).toMatchObject({
      kind: 'approvalQueued',
      threadId: pending.id,
    });

    await setRole(app, member.user.username, 'member');
    const open = await aThread(app, author);
    const body = { contentType: 'thread', contentId: open.id, reason: 'Spam' } as const;
    expect((await reporter.client.call(api.createReport, { body })).statusCode).toBe(201);
    await quiet(app);
    expect((await listOf(member.client)).notifications.map((n) => n.kind)).toEqual(['approvalQueued']);
  });
});

describe('outcomes for the member concerned', () => {
  it('a report acted on or dismissed tells its reporter', async () => {
    const author = await createMember(app);
    const reporter = await createMember(app);
    const { client: moderator } = await createMember(app, { isModerator: true });
    const first = await aThread(app, author.user);
    const second = await aThread(app, author.user);
    const reportOf = async (threadId: number) =>
      (
        await reporter.client.call(api.createReport, {
          body: { contentType: 'thread', contentId: threadId, reason: 'Spam' },
        })
      ).json<{ id: number }>().id;
    const actioned = await reportOf(first.id);
    const dismissed = await reportOf(second.id);
    expect((await moderator.call(api.approveReport, { params: { id: actioned } })).statusCode).toBe(200);
    // Told after each answer: the second is made once the first is there, so the list's order is the decisions'.
    await listed(reporter.client, 1);
    expect((await moderator.call(api.dismissReport, { params: { id: dismissed } })).statusCode).toBe(200);
    const outcomes = (await listed(reporter.client, 2)).notifications.map((n) => [n.kind, n.outcome]);
    expect(outcomes).toEqual([
      ['report', 'dismissed'],
      ['report', 'actioned'],
    ]);
  });

  it('a lifted ban or mute tells the member', async () => {
    const member = await createMember(app, { mutedUntil: new Date(Date.now() + 3_600_000) });
    const { client: moderator } = await createMember(app, { isModerator: true });
    expect((await moderator.call(api.unmuteUser, { params: { id: member.user.id }, body: {} })).statusCode).toBe(200);
    expect((await listed(member.client, 1)).notifications[0]).toMatchObject({
      kind: 'sanctionLifted',
      outcome: 'mute',
    });
  });

  it('a mute that runs out tells the member once, live, whoever sweeps; a lifted or replaced one tells nothing more', async () => {
    const HOUR = 3_600_000;
    const member = await createMember(app);
    const { client: moderator } = await createMember(app, { isModerator: true });
    const mute = (hours: number) =>
      moderator.call(api.muteUser, { params: { id: member.user.id }, body: { duration: hours } });
    const endOf = async () => (await userModels(app).User.findOne({ id: member.user.id }).lean())?.mutedUntil as Date;
    const tab = await tabs.open(member.client);
    // The sweeps of `count` processes at once, at time `at`.
    const sweepAt = async (at: Date, count = 1) => {
      vi.useFakeTimers({ toFake: ['Date'], now: at });
      try {
        return await Promise.all(Array.from({ length: count }, () => muteEnding.sweep(app)));
      } finally {
        vi.useRealTimers();
      }
    };

    expect((await mute(1)).statusCode).toBe(200);
    const replaced = await endOf();
    expect((await mute(2)).statusCode).toBe(200);
    const ends = await endOf();
    // The first mute's end passes, but it was replaced: its end is done, telling nothing; the second's is not due.
    await sweepAt(new Date(replaced.getTime() + 1));
    expect(await muteEnding.pending(app, muteEndingKey(member.user.id, replaced))).toBeNull();
    expect(await muteEnding.pending(app, muteEndingKey(member.user.id, ends))).not.toBeNull();
    // Two processes sweep at once, after the mute ran out: one notification.
    const sweeps = await sweepAt(new Date(ends.getTime() + 1), 2);
    expect(sweeps.reduce((a, b) => a + b)).toBeGreaterThanOrEqual(1);
    const [pushed] = await received(tab, 'notification:new');
    expect(pushed).toMatchObject({ notification: { kind: 'sanctionLifted', outcome: 'mute', actorName: null } });
    await quiet(app);
    const list = await listed(member.client, 1);
    expect(list.notifications.map((n) => notificationText(n))).toEqual(['Your mute has ended']);
    expect(await muteEnding.pending(app, muteEndingKey(member.user.id, ends))).toBeNull();

    // Muted again and lifted by staff: told by the lift, and the end that would have come tells nothing.
    expect((await mute(1)).statusCode).toBe(200);
    const lifted = await endOf();
    expect((await moderator.call(api.unmuteUser, { params: { id: member.user.id }, body: {} })).statusCode).toBe(200);
    await listed(member.client, 2);
    await sweepAt(new Date(lifted.getTime() + HOUR));
    expect(await muteEnding.pending(app, muteEndingKey(member.user.id, lifted))).toBeNull();
    await quiet(app);
    expect((await listOf(member.client)).notifications.map((n) => notificationText(n))).toEqual([
      'Your mute was lifted',
      'Your mute has ended',
    ]);
  });

  it('a payment confirmed or rejected, and a completed group buy, tell their members once', async () => {
    const buyer = await createMember(app);
    const organiser = await createMember(app);
    const thread = await aThread(app, organiser.user, { title: 'Shared licence' });
    const now = new Date();
    const payment = {
      ...{ id: 1, orderId: 'order-1', provider: 'self-custody', packageId: 'standard', coins: 1000, priceAmount: 100 },
      ...{ payCurrency: 'btc', payAmount: 0.001, payAddress: 'address', network: null, actuallyPaid: null },
      ...{ transactionHash: null, decidedBy: null, decidedAt: null, createdAt: now, updatedAt: now },
      ...{ userId: buyer.user.id, paymentId: 'pay-1', status: 'finished' },
    };
    // Published as the payment and group-buy services publish them; a repeated event is told once.
    for (let i = 0; i < 2; i++) app.events.publish('payment.changed', { payment: payment as never });
    app.events.publish('payment.changed', { payment: { ...payment, paymentId: 'pay-2', status: 'failed' } as never });
    app.events.publish('payment.changed', { payment: { ...payment, paymentId: 'pay-3', status: 'waiting' } as never });
    const completed = { threadId: thread.id, completedAt: new Date().toISOString(), participantIds: [buyer.user.id] };
    for (let i = 0; i < 2; i++) app.events.publish('groupBuy.completed', completed);
    await listed(buyer.client, 3);
    await quiet(app);
    const outcomes = (await listOf(buyer.client)).notifications.map((n) => [n.kind, n.outcome]).sort();
    expect(outcomes).toEqual([
      ['groupBuy', 'completed'],
      ['payment', 'confirmed'],
      ['payment', 'rejected'],
    ]);
  });
});

describe('preferences', () => {
  it('default to in the app only, and a kind turned off is not stored', async () => {
    const member = await createMember(app);
    const preferences = (await member.client.call(api.notificationPreferences)).json();
    expect(preferences.kinds.reply).toEqual({ app: true, email: false });
    expect(preferences.kinds.payment).toEqual({ app: true, email: false });

    const kinds = { ...preferences.kinds, reply: { app: false, email: false } };
    const saved = await member.client.call(api.saveNotificationPreferences, { body: { kinds } });
    expect(saved.statusCode).toBe(200);
    const thread = await aThread(app, member.user);
    await reply((await createMember(app)).client, thread.id);
    await notify(app, [member.user.id], { key: 'marker', kind: 'sanctionLifted', outcome: 'ban' });
    await quiet(app);
    expect((await listOf(member.client)).notifications.map((n) => n.kind)).toEqual(['sanctionLifted']);
  });

  it('refuses a body that is not a whole set of preferences', async () => {
    const member = await createMember(app);
    const response = await member.client.call(api.saveNotificationPreferences, {
      body: { kinds: { reply: { app: true } } } as never,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('code');
  });
});
