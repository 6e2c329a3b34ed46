import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationKind,
  type NotificationPreferences,
} from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DomainEventMap, DomainEvents } from '../realtime/domain-events.ts';
import { byNumericId, insertWithId, readRange } from '../storage/index.ts';
import { testContext } from '../test/context.ts';
import { threadModels } from '../threads/models.ts';
import type { ThreadRecord } from '../threads/thread-model.ts';
import type { MemberCard } from '../users/member-directory.ts';
import type { NotificationContext } from './context.ts';
import { notificationModels } from './models.ts';
import { dueIn, type MemberItem, mailOf, REPLY_MAILERS } from './notification-model.ts';
import { preferencesOf, savePreferences } from './preferences.ts';
import { countOf, deliver, type Happening, listNotifications, markRead, notify, periodOf } from './service.ts';

// Who is told of what, and what they see of it, with the notifications' own context: a database of this file's own,
// a real DomainEvents, and the member directory as a map. No app, no HTTP server.

let ctx: NotificationContext;
const directory = new Map<number, MemberCard>();
const added: DomainEventMap['notification.added'][] = [];
const read: DomainEventMap['notification.read'][] = [];

beforeAll(async () => {
  const storage = await testContext([notificationModels, threadModels]);
  const events = new DomainEvents();
  events.on('notification.added', (payload) => added.push(payload));
  events.on('notification.read', (payload) => read.push(payload));
  ctx = {
    ...storage,
    events,
    members: {
      async cards(ids) {
        const cards = new Map<number, MemberCard>();
        for (const id of ids) {
          const card = typeof id === 'number' ? directory.get(id) : undefined;
          if (card) cards.set(card.id, card);
        }
        return cards;
      },
    },
  };
});

let lastId = 0;

function aMember(facts: Partial<MemberCard> = {}): MemberCard {
  const id = ++lastId;
  const card = {
    id,
    username: `member${id}`,
    isAdmin: false,
    isModerator: false,
    deletedAt: null,
    ...facts,
  } as MemberCard;
  directory.set(id, card);
  return card;
}

const aThread = (facts: Partial<ThreadRecord> = {}): Promise<ThreadRecord> =>
  insertWithId(threadModels(ctx).Thread, {
    title: `Thread ${++lastId}`,
    authorId: aMember().id,
    categoryId: 1,
    isApproved: true,
    ...facts,
  } as Omit<ThreadRecord, 'id'>);

const changeThread = (id: number, facts: Partial<ThreadRecord>) =>
  threadModels(ctx).Thread.updateOne(byNumericId(id), { $set: facts });

const happening = (facts: Partial<Happening> = {}): Happening => ({
  key: `payment:${++lastId}`,
  kind: 'payment',
  outcome: 'confirmed',
  ...facts,
});

/** What the member's bell lists, newest first. */
const told = async (member: MemberCard) => (await listNotifications(ctx, member, {})).notifications;
const pushedTo = (member: MemberCard) => added.filter((event) => event.userId === member.id);
const mailed = (member: MemberCard) =>
  readRange(ctx, notificationModels(ctx).NotificationItem, mailOf(member.id), 1, Number.MAX_SAFE_INTEGER);

async function dueForDigest(member: MemberCard, periods: number[]): Promise<number> {
  const lists = await Promise.all(
    [...new Set(periods)].map((period) =>
      readRange<MemberItem>(ctx, notificationModels(ctx).NotificationMember, dueIn(period), 1, Number.MAX_SAFE_INTEGER),
    ),
  );
  return lists.flat().filter((item) => item.memberId === member.id).length;
}

const channels = (kind: NotificationKind, app: boolean, email: boolean): NotificationPreferences => ({
  kinds: { ...DEFAULT_NOTIFICATION_PREFERENCES.kinds, [kind]: { app, email } },
});

describe('who is told', () => {
  it('tells a member once, however many times the same happening is delivered, at once or one after another', async () => {
    const member = aMember();
    const twice = happening();
    await Promise.all([
      ...Array.from({ length: 4 }, () => deliver(ctx, member, twice)),
      notify(ctx, [member.id, member.id], twice),
      notify(ctx, [member.id], twice),
    ]);
    await notify(ctx, [member.id], twice);
    await deliver(ctx, member, twice);
    expect(await told(member)).toMatchObject([{ kind: 'payment', outcome: 'confirmed' }]);
    expect(pushedTo(member)).toHaveLength(1);
    expect(await countOf(ctx, member.id)).toEqual({ unreadCount: 1, readUpTo: 0 });

    // Another happening of the same kind is news.
    await notify(ctx, [member.id], happening());
    expect(await told(member)).toHaveLength(2);
  });

  it('never tells a member of what they did themselves', async () => {
    const actor = aMember();
    const other = aMember();
    const thread = await aThread({ authorId: actor.id });
    await notify(ctx, [actor.id, other.id], {
      key: `reply:${++lastId}`,
      kind: 'reply',
      threadId: thread.id,
      actorId: actor.id,
    });
    expect(await told(actor)).toEqual([]);
    expect(pushedTo(actor)).toEqual([]);
    expect(await told(other)).toMatchObject([{ kind: 'reply', actorName: actor.username, threadId: thread.id }]);
  });

  it('tells only staff of the staff queues', async () => {
    const member = aMember();
    const moderator = aMember({ isModerator: true });
    const admin = aMember({ isAdmin: true });
    const everyone = [member.id, moderator.id, admin.id];
    await notify(ctx, everyone, { key: `reportQueued:${++lastId}`, kind: 'reportQueued' });
    const pending = await aThread({ isApproved: false });
    await notify(ctx, everyone, { key: `approval:${++lastId}`, kind: 'approvalQueued', threadId: pending.id });
    expect(await told(member)).toEqual([]);
    for (const staff of [moderator, admin])
      expect((await told(staff)).map((n) => n.kind)).toEqual(['approvalQueued', 'reportQueued']);
    // The rule is the kind's: a member hears of their own things.
    await notify(ctx, everyone, happening());
    expect((await told(member)).map((n) => n.kind)).toEqual(['payment']);
  });

  it('tells a deleted member nothing, in the app or by email', async () => {
    const gone = aMember({ deletedAt: new Date() });
    await savePreferences(ctx, gone.id, channels('payment', true, true));
    const period = periodOf(new Date());
    await notify(ctx, [gone.id], happening());
    await deliver(ctx, gone, happening());
    expect(await told(gone)).toEqual([]);
    expect(pushedTo(gone)).toEqual([]);
    expect(await mailed(gone)).toEqual([]);
    expect(await dueForDigest(gone, [period, periodOf(new Date())])).toBe(0);
  });
});

describe('preferences', () => {
  it('are in the app and not by email until the member says otherwise', async () => {
    const member = aMember();
    expect(await preferencesOf(ctx, member.id)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    await savePreferences(ctx, member.id, channels('report', false, true));
    expect((await preferencesOf(ctx, member.id)).kinds).toMatchObject({
      report: { app: false, email: true },
      payment: { app: true, email: false },
    });
  });

  it.each([
    ['the app list only', true, false],
    ['email only', false, true],
    ['both', true, true],
    ['neither', false, false],
  ])('send a kind to %s', async (_, inApp, byEmail) => {
    const member = aMember();
    await savePreferences(ctx, member.id, channels('payment', inApp, byEmail));
    const before = periodOf(new Date());
    await notify(ctx, [member.id], happening({ outcome: 'confirmed' }));
    await notify(ctx, [member.id], happening({ outcome: 'rejected' }));
    // Another kind keeps its own channels.
    await notify(ctx, [member.id], { key: `report:${++lastId}`, kind: 'report', outcome: 'actioned' });
    const periods = [before, periodOf(new Date())];

    const listed = await told(member);
    expect(listed.map((n) => n.outcome)).toEqual(inApp ? ['actioned', 'rejected', 'confirmed'] : ['actioned']);
    expect(await countOf(ctx, member.id)).toEqual({ unreadCount: listed.length, readUpTo: 0 });
    // Each notification in the app reaches the member's tabs with the count it makes.
    expect(
      pushedTo(member).map(({ notification, unreadCount, readUpTo }) => [notification.kind, unreadCount, readUpTo]),
    ).toEqual(
      inApp
        ? [
            ['payment', 1, 0],
            ['payment', 2, 0],
            ['report', 3, 0],
          ]
        : [['report', 1, 0]],
    );
    expect(pushedTo(member)[0]?.notification).toMatchObject(
      inApp ? { kind: 'payment', outcome: 'confirmed', threadId: null } : { kind: 'report' },
    );

    // By email: the mail list holds each, and the member is due a digest once in the period, however many.
    expect((await mailed(member)).map((item) => item.outcome)).toEqual(byEmail ? ['confirmed', 'rejected'] : []);
    expect(await dueForDigest(member, periods)).toBe(byEmail ? 1 : 0);
  });

  it('who turns reply mail on joins the reply mailers once, to be told of replies at once', async () => {
    const member = aMember();
    const mailers = async () =>
      (
        await readRange<MemberItem>(
          ctx,
          notificationModels(ctx).NotificationMember,
          REPLY_MAILERS,
          1,
          Number.MAX_SAFE_INTEGER,
        )
      ).filter((item) => item.memberId === member.id);
    await savePreferences(ctx, member.id, channels('payment', true, true));
    expect(await mailers()).toEqual([]);
    await Promise.all([
      savePreferences(ctx, member.id, channels('reply', true, true)),
      savePreferences(ctx, member.id, channels('reply', false, true)),
    ]);
    expect(await mailers()).toHaveLength(1);
  });
});

describe('unread', () => {
  it('is what the member was told less what they read; reading up to an item lowers it, never back', async () => {
    const member = aMember();
    for (let i = 0; i < 3; i++) await notify(ctx, [member.id], happening());
    expect(await countOf(ctx, member.id)).toEqual({ unreadCount: 3, readUpTo: 0 });
    const [newest, middle] = await told(member);

    expect(await markRead(ctx, member.id, middle?.id as number)).toEqual({ unreadCount: 1, readUpTo: 2 });
    expect((await listNotifications(ctx, member, {})).unreadCount).toBe(1);
    // An older mark (another tab, behind) moves nothing back.
    expect(await markRead(ctx, member.id, 1)).toEqual({ unreadCount: 1, readUpTo: 2 });
    // Past the newest is up to the newest: what comes later is unread.
    expect(await markRead(ctx, member.id, (newest?.id as number) + 10)).toEqual({ unreadCount: 0, readUpTo: 3 });
    await notify(ctx, [member.id], happening());
    expect(await countOf(ctx, member.id)).toEqual({ unreadCount: 1, readUpTo: 3 });
    // Every tab follows each mark.
    expect(read.filter((event) => event.userId === member.id).map((event) => event.unreadCount)).toEqual([1, 1, 0]);
  });
});

describe('what a notification says', () => {
  it('names no thread, title or actor once the reader can no longer see the thread', async () => {
    const author = aMember();
    const reader = aMember();
    const moderator = aMember({ isModerator: true });
    const thread = await aThread({
      authorId: author.id,
      title: 'Our plans',
      isPrivate: true,
      allowedUserIds: [reader.id],
    });
    const shared = {
      key: `shared:${thread.id}`,
      kind: 'privateThread',
      threadId: thread.id,
      actorId: author.id,
    } as const;
    await notify(ctx, [reader.id, moderator.id], shared);
    const named = { threadId: thread.id, title: 'Our plans', actorName: author.username };
    expect(await told(reader)).toMatchObject([named]);
    expect(pushedTo(reader)[0]?.notification).toMatchObject(named);

    // No longer shared with the reader: their bell, and what is pushed to them from now on, names nothing.
    await changeThread(thread.id, { allowedUserIds: [] });
    const nameless = { threadId: null, title: null, actorName: null };
    expect(await told(reader)).toMatchObject([{ kind: 'privateThread', ...nameless }]);
    await notify(ctx, [reader.id], {
      key: `groupBuy:${thread.id}`,
      kind: 'groupBuy',
      outcome: 'completed',
      threadId: thread.id,
      actorId: author.id,
    });
    expect(pushedTo(reader)[1]?.notification).toMatchObject({ kind: 'groupBuy', ...nameless });
    // Staff still see it: the gate is the reader's.
    expect(await told(moderator)).toMatchObject([named]);

    // Back to the approval queue: the author still sees it, no one else but staff.
    await changeThread(thread.id, { isPrivate: false, isApproved: false });
    await notify(ctx, [author.id], {
      key: `groupBuy:${thread.id}`,
      kind: 'groupBuy',
      outcome: 'expired',
      threadId: thread.id,
    });
    expect(await told(author)).toMatchObject([{ threadId: thread.id, title: 'Our plans' }]);
    expect(await told(reader)).toMatchObject([nameless, nameless]);

    // Deleted: nobody's notification names it.
    await changeThread(thread.id, { deletedAt: new Date() });
    expect(await told(moderator)).toMatchObject([nameless]);
    expect(await told(author)).toMatchObject([{ threadId: null, title: null }]);
  });

  it('names no actor whose account was deleted', async () => {
    const actor = aMember();
    const reader = aMember();
    const thread = await aThread();
    await notify(ctx, [reader.id], { key: `reply:${++lastId}`, kind: 'reply', threadId: thread.id, actorId: actor.id });
    expect(await told(reader)).toMatchObject([{ actorName: actor.username, threadId: thread.id }]);
    directory.set(actor.id, { ...actor, deletedAt: new Date() });
    expect(await told(reader)).toMatchObject([{ actorName: null, threadId: thread.id, title: thread.title }]);
  });
});
