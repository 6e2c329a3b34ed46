import {
  api,
  DEFAULT_NOTIFICATION_PREFERENCES,
  LIMITS,
  NOTIFICATION_DIGEST_PERIOD_MS,
  type Notification,
  type NotificationList,
  notificationLink,
  notificationText,
  type Thread,
} from '@enclave/protocol';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.ts';
import { reply as replyAs } from '../replies/service.ts';
import type { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aThread, grantCoins } from '../test/forum.ts';
import { type Mailbox, startMailbox } from '../test/mailbox.ts';
import { type BrowserTabs, listeningWithTabs, quiet, type Tab } from '../test/tabs.ts';
import { sendDueDigests } from './digest.ts';
import { MENTIONS_TOLD_PER_MINUTE } from './mentions.ts';
import { notificationModels } from './models.ts';
import { mailOf, notificationsOf } from './notification-model.ts';

// A mention tells a member only what they may read at that moment. Each hidden text below is proven to reach the
// member it names through none of the three ways a notification travels: a stored item (in the app or for the
// digest), a `notification:new` packet to a tab of theirs, and a digest mail.

let app: App;
let tabs: BrowserTabs;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  ({ app, tabs } = await listeningWithTabs({ SMTP_URL: mailbox.url }));
});

afterEach(() => {
  vi.useRealTimers();
});

type Member = Awaited<ReturnType<typeof createMember>>;
/** A member with a tab open, who asked for mentions in the app and by email: every way of being told is open. */
type Listener = Member & { tab: Tab };

async function listener(facts: Parameters<typeof createMember>[1] = {}): Promise<Listener> {
  const member = await createMember(app, facts);
  const kinds = { ...DEFAULT_NOTIFICATION_PREFERENCES.kinds, mention: { app: true, email: true } };
  expect((await member.client.call(api.saveNotificationPreferences, { body: { kinds } })).statusCode).toBe(200);
  return { ...member, tab: await tabs.open(member.client) };
}

const at = (member: Member) => `@${member.user.username}`;

const reply = (client: TestClient, threadId: number, content: string) =>
  client.call(api.reply, { params: { id: threadId }, body: { content } });

/** Every mention stored for the member, in the app's list and the digest's. */
const storedMentions = (memberId: number) =>
  notificationModels(app).NotificationItem.countDocuments({
    list: { $in: [notificationsOf(memberId), mailOf(memberId)] },
    kind: 'mention',
  });

const mentionPackets = (tab: Tab) =>
  tab.received.filter(
    ([name, payload]) =>
      name === 'notification:new' && (payload as { notification: Notification }).notification.kind === 'mention',
  );

/** Mails a digest for the hour now running (sent as if it were over) and answers the member's mails about mentions. */
async function mailedMentions(member: Member): Promise<string[]> {
  await sendDueDigests(app, new Date(Date.now() + NOTIFICATION_DIGEST_PERIOD_MS));
  return mailbox.mails
    .filter((mail) => mail.to.includes(member.user.email) && mail.raw.includes('mentioned you'))
    .map((mail) => mail.raw);
}

/** Once the app's work after the write is done: no mention stored, pushed, listed or mailed to the member. */
async function expectNoMention(member: Listener) {
  await quiet(app, member.tab);
  expect(mentionPackets(member.tab), member.user.username).toEqual([]);
  expect(await storedMentions(member.user.id)).toBe(0);
  const list = (await member.client.call(api.notifications, { query: {} })).json<NotificationList>();
  expect(list.notifications.filter((n) => n.kind === 'mention')).toEqual([]);
  expect(await mailedMentions(member)).toEqual([]);
}

/** No mention, and nothing of the text (`secret`) in anything their tab was sent. */
async function expectNotTold(secret: string, member: Listener) {
  await expectNoMention(member);
  expect(JSON.stringify(member.tab.received)).not.toContain(secret);
}

/** Waits (5 s at most) for the member's mention packet, and checks it came once. */
async function toldOnce(member: Listener): Promise<Notification> {
  await expect
    .poll(() => mentionPackets(member.tab).length, { timeout: 5000, interval: 20, message: 'told of a mention' })
    .toBeGreaterThan(0);
  await quiet(app, member.tab);
  const packets = mentionPackets(member.tab);
  expect(packets).toHaveLength(1);
  expect(await storedMentions(member.user.id)).toBeGreaterThan(0);
  const [, payload] = packets[0] as [string, { notification: Notification }];
  return payload.notification;
}

/** The stored text links the member: the mention was recognised, so its silence is the gate's doing. */
async function expectLinked(reader: TestClient, route: 'thread' | 'posts', threadId: number, member: Member) {
  const response = await reader.call(api[route], { params: { id: threadId } });
  expect(response.statusCode).toBe(200);
  expect(response.body).toContain(`/member/${member.user.id}`);
}

describe('a mention in a text the member may read', () => {
  it('tells them in the app, live and by digest, naming the thread and linking the reply', async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author, { title: 'Seed swaps' });
    const replier = await createMember(app);
    const mentioned = await listener();
    expect((await reply(replier.client, thread.id, `Ask ${at(mentioned)} about tomatoes`)).statusCode).toBe(201);

    const notification = await toldOnce(mentioned);
    expect(notification).toMatchObject({
      kind: 'mention',
      threadId: thread.id,
      replyNumber: 1,
      title: 'Seed swaps',
      actorName: replier.user.username,
    });
    expect(notificationText(notification)).toBe(`${replier.user.username} mentioned you in “Seed swaps”`);
    expect(notificationLink(notification)).toBe(`/thread/${thread.id}#reply-1`);
    // The text itself is never carried: the notification names the thread only.
    expect(JSON.stringify(notification)).not.toContain('tomatoes');
    const [mail] = await mailedMentions(mentioned);
    expect(mail).toContain(replier.user.username);
    expect(mail).not.toContain('tomatoes');
  });

  it('never tells the author of their own mention', async () => {
    const author = await listener();
    const thread = await aThread(app, (await createMember(app)).user);
    await reply(author.client, thread.id, `Note to self ${at(author)}: water them`);
    await expectNotTold('water them', author);
  });

  it('tells no member who blocked the author; others it names are told', async () => {
    const author = await createMember(app);
    const blocker = await listener();
    const other = await listener();
    expect((await blocker.client.call(api.blockMember, { params: { id: author.user.id } })).statusCode).toBe(200);
    const thread = await aThread(app, (await createMember(app)).user);
    await reply(author.client, thread.id, `Hi ${at(blocker)} and ${at(other)}`);
    expect((await toldOnce(other)).actorName).toBe(author.user.username);
    await expectNotTold('Hi @', blocker);
  });

  it('tells no banned member', async () => {
    const author = await createMember(app);
    // A banned member has no session to listen with: what would be stored for them is what counts.
    const banned = await createMember(app, { isBanned: true });
    const other = await listener();
    const thread = await aThread(app, (await createMember(app)).user);
    await reply(author.client, thread.id, `${at(banned)} ${at(other)} BANNED-CHECK`);
    await toldOnce(other);
    expect(await storedMentions(banned.user.id)).toBe(0);
  });

  it('tells no one who turned mentions off', async () => {
    const author = await createMember(app);
    const quietOne = await listener();
    const off = { ...DEFAULT_NOTIFICATION_PREFERENCES.kinds, mention: { app: false, email: false } };
    await quietOne.client.call(api.saveNotificationPreferences, { body: { kinds: off } });
    const other = await listener();
    const thread = await aThread(app, (await createMember(app)).user);
    await reply(author.client, thread.id, `${at(quietOne)} ${at(other)} look`);
    await toldOnce(other);
    await expectNotTold('look', quietOne);
  });
});

describe('a mention in a text the member may not read tells them nothing', () => {
  it('premium thread content: only those with access (staff) are told', async () => {
    const { user: author, client: authorClient } = await createMember(app, { isModerator: true });
    const outsider = await listener();
    const moderator = await listener({ isModerator: true });
    const thread = await aThread(app, author, {
      isPremium: true,
      premiumCost: 20,
      content: `PREMIUM-SECRET for ${at(outsider)} and ${at(moderator)}`,
    });
    await expectLinked(authorClient, 'thread', thread.id, outsider);
    expect((await toldOnce(moderator)).threadId).toBe(thread.id);
    await expectNotTold('PREMIUM-SECRET', outsider);
    // What the outsider may ask answers 402, and no mention link.
    const page = await outsider.client.call(api.thread, { params: { id: thread.id } });
    expect(page.statusCode).toBe(402);
    expect(page.body).not.toContain('/member/');
  });

  it('a reply of a premium thread: only members who bought it are told', async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author, { isPremium: true, premiumCost: 20 });
    const buyer = await createMember(app);
    const otherBuyer = await listener();
    const outsider = await listener();
    for (const member of [buyer, otherBuyer]) {
      await grantCoins(app, member.user.id, 50);
      const bought = await member.client.call(api.spendCoins, {
        body: { amount: 20, referenceId: thread.id, referenceType: 'thread' },
      });
      expect(bought.statusCode).toBe(200);
    }
    const written = await reply(buyer.client, thread.id, `REPLY-SECRET ${at(outsider)} ${at(otherBuyer)}`);
    expect(written.statusCode).toBe(201);
    await expectLinked(buyer.client, 'posts', thread.id, outsider);
    expect((await toldOnce(otherBuyer)).replyNumber).toBe(1);
    await expectNotTold('REPLY-SECRET', outsider);
    const posts = await outsider.client.call(api.posts, { params: { id: thread.id } });
    expect(posts.statusCode).toBe(402);
    expect(posts.body).not.toContain('REPLY-SECRET');
    expect(posts.body).not.toContain('/member/');
  });

  it('a private thread that does not name them: only the members it names are told', async () => {
    // Staff's threads are approved as they are made: their mentions are told then.
    const { user: author, client: authorClient } = await createMember(app, { isModerator: true });
    const named = await listener();
    const outsider = await listener();
    const thread = await aThread(app, author, {
      isPrivate: true,
      allowedUserIds: [named.user.id],
      content: `PRIVATE-SECRET ${at(outsider)} ${at(named)}`,
    });
    await expectLinked(authorClient, 'thread', thread.id, outsider);
    await expect.poll(() => storedMentions(named.user.id)).toBe(2);
    await expectNotTold('PRIVATE-SECRET', outsider);
    expect((await outsider.client.call(api.thread, { params: { id: thread.id } })).statusCode).toBe(404);
  });

  it('a pending thread: no one, staff included, until it is approved; then those who may read it', async () => {
    const { user: author, client: authorClient } = await createMember(app);
    const member = await listener();
    const moderator = await listener({ isModerator: true });
    const thread: Thread = await aThread(
      app,
      author,
      { title: 'Awaiting', content: `PENDING-SECRET ${at(member)} ${at(moderator)}` },
      { approved: false },
    );
    await expectLinked(authorClient, 'thread', thread.id, member);
    // Its author's reply and an admin's edit while it waits tell no one either.
    expect((await reply(authorClient, thread.id, `PENDING-SECRET too ${at(moderator)}`)).statusCode).toBe(201);
    const { client: admin } = await createMember(app, { isAdmin: true });
    const content = `PENDING-SECRET again ${at(member)} ${at(moderator)}`;
    expect((await admin.call(api.editThread, { params: { id: thread.id }, body: { content } })).statusCode).toBe(200);
    await expectNotTold('PENDING-SECRET', member);
    // Staff may read a pending thread (the approval queue shows it), yet are not told of its mentions before approval.
    await expectNoMention(moderator);

    const { client: approver } = await createMember(app, { isModerator: true });
    expect((await approver.call(api.approveThread, { params: { id: thread.id } })).statusCode).toBe(200);
    for (const told of [member, moderator]) {
      expect(await toldOnce(told)).toMatchObject({ kind: 'mention', threadId: thread.id, title: 'Awaiting' });
    }
  });

  it('a private message: its recipient is told of the message itself, a third member it names of nothing', async () => {
    const sender = await createMember(app);
    const recipient = await listener();
    const third = await listener();
    const sent = await sender.client.call(api.sendMessage, {
      body: { recipientId: recipient.user.id, content: `MESSAGE-SECRET ask ${at(third)} or ${at(recipient)}` },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.body).toContain(`/member/${third.user.id}`);
    await expectNotTold('MESSAGE-SECRET', third);
    // The recipient's tab had the message (and its unread count), and no mention besides.
    expect(recipient.tab.received.some(([name]) => name === 'message:new')).toBe(true);
    expect(mentionPackets(recipient.tab)).toEqual([]);
    expect(await storedMentions(recipient.user.id)).toBe(0);
  });
});

describe('bounds', () => {
  it(`a text naming 50 members tells at most ${LIMITS.mentionsPerText}`, async () => {
    const author = await createMember(app);
    const thread = await aThread(app, (await createMember(app)).user);
    const named = await Promise.all(Array.from({ length: 50 }, () => createMember(app)));
    const written = await reply(author.client, thread.id, named.map(at).join(' '));
    expect(written.statusCode).toBe(201);
    await quiet(app);
    const told = await notificationModels(app).NotificationItem.countDocuments({
      kind: 'mention',
      threadId: thread.id,
    });
    expect(told).toBe(LIMITS.mentionsPerText);
  });

  it(`an author's mentions tell at most ${MENTIONS_TOLD_PER_MINUTE} members a minute, however many texts`, async () => {
    // Within one minute of the clock (only Date is faked): the allowance is counted by the minute.
    vi.useFakeTimers({ toFake: ['Date'], now: Math.ceil(Date.now() / 60_000) * 60_000 + 1000 });
    const author = await createMember(app);
    const thread = await aThread(app, (await createMember(app)).user);
    const texts = 5;
    for (let i = 0; i < texts; i++) {
      const named = await Promise.all(Array.from({ length: LIMITS.mentionsPerText }, () => createMember(app)));
      // Through the service: the route's own limit (a reply every 10 s) is not what is tested here.
      await replyAs(app, author.user, thread.id, named.map(at).join(' '));
    }
    await quiet(app);
    const told = await notificationModels(app).NotificationItem.countDocuments({
      kind: 'mention',
      threadId: thread.id,
    });
    expect(told).toBe(MENTIONS_TOLD_PER_MINUTE);
  });

  it('an edit tells only the members it newly mentions', async () => {
    const { user: author } = await createMember(app, { isModerator: true });
    const first = await listener();
    const thread = await aThread(app, author, { content: `Welcome ${at(first)}` });
    await toldOnce(first);
    const second = await listener();
    const { client: admin } = await createMember(app, { isAdmin: true });
    const edited = await admin.call(api.editThread, {
      params: { id: thread.id },
      body: { content: `Welcome ${at(first)} and ${at(second)}` },
    });
    expect(edited.statusCode).toBe(200);
    expect((await toldOnce(second)).threadId).toBe(thread.id);
    await quiet(app, first.tab);
    expect(mentionPackets(first.tab)).toHaveLength(1);
    expect(await storedMentions(first.user.id)).toBe(2);
  });
});
