import {
  api,
  type Payment,
  type Post,
  type Report,
  type RouteContract,
  type StaffPayment,
  type Thread,
} from '@enclave/protocol';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordActivity } from '../activity/activity-log.ts';
import type { App } from '../app.ts';
import { sweepGroupBuys } from '../group-buys/sweep.ts';
import { saveReceivingAddresses } from '../payments/receiving-addresses.ts';
import { sendMessage, unreadCountOf } from '../private-messages/service.ts';
import { reply } from '../replies/service.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember, DEFAULT_PASSWORD } from '../test/factories.ts';
import { deliverNotification, type FakePayment, startFakeNowPayments } from '../test/fake-nowpayments.ts';
import { aCategory, aThread, grantCoins, setDeadline } from '../test/forum.ts';
import { commandsDuring, type Scan, scansDuring } from '../test/scans.ts';
import type { UserRecord } from '../users/user-model.ts';
import { balanceOf, ledgerMove, ledgerStats, move, movementByKey, pay } from '../wallet/ledger.ts';
import { walletModels } from '../wallet/models.ts';

/**
 * The storage shape of every route, in one table: each row is a route (its protocol contract), who calls it, and
 * the collections it may scan. On the embedded FerretDB any filter but one `_id` equality reads the whole
 * collection, so a row passes only if the call sends no such command (docs/storage.md, "Every read by key"): a
 * route then costs the size of its page, not the size of the forum. The forum below is built once and is not
 * small: a thread of 300 replies, a member with a long ledger, two full message boxes, payments, notifications,
 * sessions and activity, open and ended group buys.
 *
 * A row's call runs once to warm what a process reads on first use (the read models' one load, the top ids,
 * start-up hooks), then again watched, until the background work it started has settled. A row whose call
 * changes what a second call would do (an unlock, a cancel, a sign-out) is `once`: its setup warms the route on
 * another target. A few rows are no route but an operation the server runs on its own (the ledger's service
 * calls): their `route` names the operation and they are called `as: 'process'`.
 *
 * Domain tests assert behaviour; this table alone asserts storage shape.
 */

type Answer = LightMyRequestResponse;
type Role = 'visitor' | 'member' | 'moderator' | 'admin' | 'process';

interface Row<S = undefined> {
  /** The protocol contract called, or the name of the server's own operation (`move()`) for an `as: 'process'` row. */
  route: RouteContract | string;
  as: Role;
  /** What sets this row apart from the route's other rows. */
  what: string;
  /** The NOWPayments app rather than the self-custody one. */
  app?: 'nowpayments';
  /** Data of the row's own (not watched); its answer is the call's state. */
  setup?: () => Promise<S>;
  /** The watched call: its answer (or answers) must have `status`, by default the route's success status. */
  call(state: S): Promise<unknown>;
  /** The call changes what a second one would do: it is not repeated to warm the route (setup warms it). */
  once?: boolean;
  status?: number;
  /** Collections the call may scan: small ones, holding only unfinished work. */
  allowed?: string[];
  /** At most `max` of the call's commands (`find users`, `update sessionseens`) match `matching`. */
  maxCommands?: { matching: RegExp; max: number };
}

const row = <S = undefined>(definition: Row<S>) => definition as Row<unknown>;

let app: App;
let nowpayments: App;
let fake: Awaited<ReturnType<typeof startFakeNowPayments>>;
/** The forum every row reads: built once, in `beforeAll`. */
let f: Awaited<ReturnType<typeof buildForum>>;

const BTC_ADDRESS = '1BitcoinEaterAddressDontSendf59kuE';
const NOWPAYMENTS_KEY = 'test-api-key-4QF7';
const IPN_SECRET = 'test-ipn-secret-9ZK2';
const REPLIES = 300;
const LEDGER_ENTRIES = 120;

const visitor = () => new TestClient(app);
const thread = (client: TestClient, target: Pick<Thread, 'id'>) =>
  client.call(api.thread, { params: { id: target.id } });
const groupBuyStatus = (client: TestClient, target: Pick<Thread, 'id'>) =>
  client.call(api.groupBuyStatus, { params: { id: target.id } });
const funded = async (coins: number) => {
  const member = await createMember(app);
  await grantCoins(app, member.user.id, coins);
  return member;
};
const groupBuy = (author: UserRecord, required: number, amount: number) =>
  aThread(app, author, {
    isGroupBuy: true,
    groupBuyParticipantsRequired: required,
    groupBuyContributionAmount: amount,
  });
const contribute = (client: TestClient, target: Thread) =>
  client.call(api.contribute, { params: { id: target.id }, body: { amount: target.groupBuyContributionAmount ?? 0 } });
const discussion = (author: UserRecord) =>
  aThread(app, author, {
    hasUnlockableContent: true,
    unlockableCost: 5,
    unlockableType: 'premium_thread',
    unlockableContent: 'Sister content',
  });
const premium = (author: UserRecord) =>
  aThread(app, author, { isPremium: true, premiumCost: 10, content: 'Paid routers' });
const spend = (client: TestClient, target: Pick<Thread, 'id'>, amount: number) =>
  client.call(api.spendCoins, { body: { referenceId: target.id, amount, referenceType: 'thread' } });
const signIn = async (user: Pick<UserRecord, 'username'>) => {
  const client = visitor();
  const answer = await client.call(api.login, { body: { username: user.username, password: DEFAULT_PASSWORD } });
  expect(answer.statusCode).toBe(200);
  return client;
};
const currentSession = async (client: TestClient) =>
  ((await client.call(api.sessions)).json().sessions as { id: string; current: boolean }[]).find(
    (session) => session.current,
  )?.id as string;
const createPayment = async (client: TestClient) => {
  const answer = await client.call(api.createPayment, { body: { packageId: 'starter', currency: 'btc' } });
  expect(answer.statusCode).toBe(201);
  return answer.json() as Payment;
};
/** The staff queue's ids of `payments`, as the console finds them. */
const staffIds = async (payments: Payment[]) => {
  const queue = (await f.admin.client.call(api.pendingPayments)).json().payments as StaffPayment[];
  return payments.map((payment) => queue.find((p) => p.payment_id === payment.payment_id)?.id as number);
};
const deliver = (body: unknown) => deliverNotification(nowpayments, IPN_SECRET, body);
const finished = (payment: Payment) => ({
  payment_id: (fake.payments.get(payment.payment_id) as FakePayment).payment_id,
  payment_status: 'finished',
  order_id: payment.order_id,
});
let keys = 0;
const freshKey = (what: string) => `route-scans:${what}:${++keys}`;

async function buildForum() {
  const [author, alice, bob, moderator, admin] = [
    await createMember(app, { username: 'forum_author' }),
    await createMember(app),
    await createMember(app),
    await createMember(app, { isModerator: true }),
    await createMember(app, { isAdmin: true }),
  ];
  const categoryId = (await aCategory(app)).id;

  // A thread of a few hundred replies by three members, and the forum around it.
  const busy = await aThread(app, author.user, { categoryId, title: 'Open thread about routers' });
  const repliers = [author.user, bob.user, (await createMember(app)).user];
  for (let i = 1; i <= REPLIES; i++) await reply(app, repliers[i % 3] as UserRecord, busy.id, `Reply ${i}`);
  const paid = await aThread(app, author.user, {
    categoryId,
    isPremium: true,
    premiumCost: 10,
    content: 'Paid routers',
  });
  const buyer = await funded(50);
  expect((await spend(buyer.client, paid, 10)).statusCode).toBe(200);
  const friend = await createMember(app);
  const secret = await aThread(app, author.user, { categoryId, isPrivate: true, allowedUserIds: [friend.user.id] });
  await aThread(app, author.user, { categoryId, title: 'Awaiting approval' }, { approved: false });
  const parent = await discussion(author.user);
  const unlocker = await funded(20);
  expect((await unlocker.client.call(api.unlock, { params: { id: parent.id }, body: {} })).statusCode).toBe(200);

  // An open group buy and an ended one, each with a contribution.
  const contributor = await funded(20);
  const open = await groupBuy(author.user, 3, 5);
  const expired = await groupBuy(author.user, 2, 5);
  for (const target of [open, expired]) expect((await contribute(contributor.client, target)).statusCode).toBe(200);
  await setDeadline(app, expired.id, new Date(Date.now() - 1));
  expect(await sweepGroupBuys(app)).toMatchObject({ ended: 1 });

  // Alice's history: two message boxes, a long ledger, payments, activity, notifications, sessions and a block.
  for (let i = 0; i < 55; i++) await sendMessage(app, bob.user, { content: `in ${i}`, recipientId: alice.user.id });
  for (let i = 0; i < 3; i++) await sendMessage(app, alice.user, { content: `out ${i}`, recipientId: bob.user.id });
  for (let i = 0; i < LEDGER_ENTRIES; i++) await grantCoins(app, alice.user.id, 1);
  for (let i = 0; i < 8; i++) await createPayment(alice.client);
  for (let i = 0; i < 5; i++) await recordActivity(app, alice.user.id, { kind: 'email_verified' });
  const question = await aThread(app, alice.user, { title: 'A question from Alice' });
  for (let i = 0; i < 3; i++) {
    const { client } = await createMember(app);
    expect(
      (await client.call(api.reply, { params: { id: question.id }, body: { content: 'An answer' } })).statusCode,
    ).toBe(201);
  }
  // Made when she next looks (members away cost nothing when a reply is written).
  await vi.waitFor(
    async () => expect((await alice.client.call(api.notifications)).json().notifications).toHaveLength(3),
    { timeout: 5000 },
  );
  for (let i = 0; i < 2; i++) await signIn(alice.user);
  const carol = await createMember(app);
  expect((await alice.client.call(api.blockMember, { params: { id: carol.user.id } })).statusCode).toBe(200);

  // Reports: one in the queue, one dismissed.
  const reported = [];
  for (const target of [busy, question]) {
    const body = { contentType: 'thread', contentId: target.id, reason: 'Off topic' } as const;
    const answer = await bob.client.call(api.createReport, { body });
    expect(answer.statusCode).toBe(201);
    reported.push(answer.json() as Report);
  }
  const dismissed = { params: { id: (reported[0] as Report).id } };
  expect((await moderator.client.call(api.dismissReport, dismissed)).statusCode).toBe(200);

  await app.settled();
  const members = { author, alice, bob, moderator, admin, buyer, friend, unlocker, contributor };
  return { ...members, categoryId, busy, paid, secret, parent, open, expired };
}

beforeAll(async () => {
  app = await createTestApp();
  await saveReceivingAddresses(
    app,
    { btc: { name: 'Bitcoin', symbol: 'BTC', network: 'Bitcoin', address: BTC_ADDRESS, usdRate: 65_000 } },
    null,
  );
  fake = await startFakeNowPayments(NOWPAYMENTS_KEY);
  nowpayments = await createTestApp({
    PAYMENT_PROVIDER: 'nowpayments',
    NOWPAYMENTS_API_URL: fake.url,
    NOWPAYMENTS_API_KEY: NOWPAYMENTS_KEY,
    NOWPAYMENTS_IPN_SECRET: IPN_SECRET,
  });
  f = await buildForum();
});

afterEach(() => {
  vi.useRealTimers();
});

const rows: Row<unknown>[] = [
  // The thread page: threads, premium access, discussions, group buys.
  row({
    route: api.thread,
    as: 'visitor',
    what: 'a premium thread',
    status: 402,
    call: () => thread(visitor(), f.paid),
  }),
  row({
    route: api.thread,
    as: 'member',
    what: 'a premium thread the member does not hold',
    status: 402,
    call: () => thread(f.bob.client, f.paid),
  }),
  row({ route: api.thread, as: 'member', what: 'a premium thread bought', call: () => thread(f.buyer.client, f.paid) }),
  row({
    route: api.thread,
    as: 'member',
    what: 'a private thread the member is allowed in',
    call: () => thread(f.friend.client, f.secret),
  }),
  row({
    route: api.thread,
    as: 'visitor',
    what: 'a private thread',
    status: 404,
    call: () => thread(visitor(), f.secret),
  }),
  row({
    route: api.thread,
    as: 'member',
    what: `a thread of ${REPLIES} replies`,
    call: () => thread(f.bob.client, f.busy),
  }),
  row({
    route: api.thread,
    as: 'member',
    what: 'a thread with a premium discussion',
    call: () => thread(f.bob.client, f.parent),
  }),
  row({
    route: api.unlockable,
    as: 'member',
    what: 'a premium discussion',
    call: () => f.bob.client.call(api.unlockable, { params: { id: f.parent.id } }),
  }),
  row({
    route: api.unlock,
    as: 'member',
    what: 'a premium discussion',
    once: true,
    setup: async () => {
      const member = await funded(20);
      const [warm, target] = [await discussion(f.author.user), await discussion(f.author.user)];
      expect((await member.client.call(api.unlock, { params: { id: warm.id }, body: {} })).statusCode).toBe(200);
      return { client: member.client, target };
    },
    call: ({ client, target }) => client.call(api.unlock, { params: { id: target.id }, body: {} }),
  }),
  row({
    route: api.thread,
    as: 'member',
    what: 'the premium discussion the member unlocked',
    call: () => thread(f.unlocker.client, { id: f.parent.sisterThreadId as number }),
  }),
  row({
    route: api.spendCoins,
    as: 'member',
    what: 'a premium purchase',
    once: true,
    setup: async () => {
      const member = await funded(50);
      const [warm, target] = [await premium(f.author.user), await premium(f.author.user)];
      expect((await spend(member.client, warm, 10)).statusCode).toBe(200);
      return { client: member.client, target };
    },
    call: ({ client, target }) => spend(client, target, 10),
  }),
  row({
    route: api.thread,
    as: 'member',
    what: 'an open group buy, watched',
    call: () => thread(f.bob.client, f.open),
  }),
  row({ route: api.thread, as: 'visitor', what: 'an open group buy', call: () => thread(visitor(), f.open) }),
  row({
    route: api.groupBuyStatus,
    as: 'member',
    what: 'an open group buy, watched',
    call: () => groupBuyStatus(f.bob.client, f.open),
  }),
  row({
    route: api.thread,
    as: 'member',
    what: 'an open group buy, joined',
    call: () => thread(f.contributor.client, f.open),
  }),
  row({
    route: api.groupBuyStatus,
    as: 'member',
    what: 'an open group buy, joined',
    call: () => groupBuyStatus(f.contributor.client, f.open),
  }),
  row({
    route: api.thread,
    as: 'member',
    what: 'a group buy past its deadline, swept, joined',
    call: () => thread(f.contributor.client, f.expired),
  }),
  row({
    route: api.groupBuyStatus,
    as: 'member',
    what: 'a group buy past its deadline, swept, joined',
    call: () => groupBuyStatus(f.contributor.client, f.expired),
  }),
  row({
    route: api.contribute,
    as: 'member',
    what: 'a place in an open group buy',
    once: true,
    setup: async () => {
      const target = await groupBuy(f.author.user, 5, 5);
      const [first, second] = [await funded(10), await funded(10)];
      expect((await contribute(first.client, target)).statusCode).toBe(200);
      return { client: second.client, target };
    },
    call: ({ client, target }) => contribute(client, target),
  }),
  row({
    route: api.cancelGroupBuy,
    as: 'moderator',
    what: 'an open group buy with two contributions',
    once: true,
    setup: async () => {
      const [warm, target] = [await groupBuy(f.author.user, 3, 10), await groupBuy(f.author.user, 3, 10)];
      for (const [buy, joined] of [
        [warm, 1],
        [target, 2],
      ] as const) {
        for (let i = 0; i < joined; i++)
          expect((await contribute((await funded(10)).client, buy)).statusCode).toBe(200);
      }
      const cancel = (id: number, reason: string) =>
        f.moderator.client.call(api.cancelGroupBuy, { params: { id }, body: { reason } });
      expect((await cancel(warm.id, 'Warming up')).statusCode).toBe(200);
      return () => cancel(target.id, 'Watched');
    },
    call: (cancel) => cancel(),
  }),
  row({
    route: api.deleteThread,
    as: 'moderator',
    what: 'a thread with a premium sister and a reply',
    once: true,
    setup: async () => {
      const [warm, target] = [await discussion(f.author.user), await discussion(f.author.user)];
      for (const { id } of [warm, target]) await reply(app, f.bob.user, id, 'bye');
      expect((await f.moderator.client.call(api.deleteThread, { params: { id: warm.id } })).statusCode).toBe(200);
      return target;
    },
    call: (target) => f.moderator.client.call(api.deleteThread, { params: { id: target.id } }),
  }),

  // Replies.
  row({
    route: api.posts,
    as: 'member',
    what: 'the first page',
    call: () => f.bob.client.call(api.posts, { params: { id: f.busy.id }, query: { limit: '20' } }),
  }),
  row({
    route: api.posts,
    as: 'member',
    what: 'a later page',
    call: () => f.bob.client.call(api.posts, { params: { id: f.busy.id }, query: { after: '40', limit: '20' } }),
  }),
  row({
    route: api.posts,
    as: 'visitor',
    what: 'the last page',
    call: () => visitor().call(api.posts, { params: { id: f.busy.id }, query: { after: String(REPLIES - 20) } }),
  }),
  row({
    route: api.reply,
    as: 'member',
    what: `a reply to a thread of ${REPLIES} replies, by its author`,
    // One reply per member every 10 seconds: another member warms the route.
    once: true,
    setup: async () => {
      const { client } = await createMember(app);
      expect((await client.call(api.reply, { params: { id: f.busy.id }, body: { content: 'Warm' } })).statusCode).toBe(
        201,
      );
    },
    call: () => f.author.client.call(api.reply, { params: { id: f.busy.id }, body: { content: 'One more' } }),
  }),
  row({
    route: api.preview,
    as: 'member',
    what: "a draft naming members (the names are the member directory's, in memory)",
    call: () => f.bob.client.call(api.preview, { body: { content: `**Hi** @${f.alice.user.username} and @nobody` } }),
  }),

  // Reactions: a thread's and its replies' share one list of changes, read by key (docs/reactions.md).
  row({
    route: api.react,
    as: 'member',
    what: `a reply in a thread of ${REPLIES} replies`,
    setup: async () => ((await f.bob.client.call(api.posts, { params: { id: f.busy.id } })).json() as Post[])[5],
    call: (post: Post) => f.bob.client.call(api.react, { params: { target: 'post', id: post.id, kind: 'heart' } }),
  }),
  row({
    route: api.unreact,
    as: 'member',
    what: 'on the thread',
    call: () => f.bob.client.call(api.unreact, { params: { target: 'thread', id: f.busy.id, kind: 'party' } }),
  }),
  row({
    route: api.reactors,
    as: 'visitor',
    what: 'on the thread',
    call: () => visitor().call(api.reactors, { params: { target: 'thread', id: f.busy.id, kind: 'heart' } }),
  }),

  // The forum's lists and the console, from the read models.
  row({ route: api.threads, as: 'visitor', what: 'the newest', call: () => visitor().call(api.threads) }),
  row({ route: api.threads, as: 'member', what: 'the newest', call: () => f.bob.client.call(api.threads) }),
  row({
    route: api.threads,
    as: 'member',
    what: 'a category',
    call: () => f.bob.client.call(api.threads, { query: { categoryId: String(f.categoryId) } }),
  }),
  row({
    route: api.threads,
    as: 'member',
    what: 'a search',
    call: () => f.bob.client.call(api.threads, { query: { q: 'routers' } }),
  }),
  row({ route: api.categories, as: 'member', what: 'all', call: () => f.bob.client.call(api.categories) }),
  row({
    route: api.category,
    as: 'member',
    what: 'one',
    call: () => f.bob.client.call(api.category, { params: { id: f.categoryId } }),
  }),
  row({
    route: api.searchUser,
    as: 'member',
    what: 'a member by name, in other letters',
    call: () => f.bob.client.call(api.searchUser, { params: { username: 'FORUM_AUTHOR' } }),
  }),
  row({ route: api.adminUsers, as: 'admin', what: 'the users table', call: () => f.admin.client.call(api.adminUsers) }),
  row({
    route: api.adminUsers,
    as: 'admin',
    what: 'a search, a page before a member',
    call: () => f.admin.client.call(api.adminUsers, { query: { q: 'forum_', before: String(f.bob.user.id) } }),
  }),
  row({
    route: api.memberSuggestions,
    as: 'member',
    what: 'names starting with two letters',
    call: () => f.bob.client.call(api.memberSuggestions, { query: { prefix: 'fo' } }),
  }),
  row({ route: api.reports, as: 'moderator', what: 'the queue', call: () => f.moderator.client.call(api.reports) }),
  row({
    route: api.reports,
    as: 'moderator',
    what: 'the dismissed reports',
    call: () => f.moderator.client.call(api.reports, { query: { status: 'dismissed' } }),
  }),
  row({
    route: api.dismissReport,
    as: 'moderator',
    what: 'an open report',
    once: true,
    setup: async () => {
      const [warm, target] = [await aThread(app, f.author.user), await aThread(app, f.author.user)];
      const ids: number[] = [];
      for (const { id } of [warm, target]) {
        const body = { contentType: 'thread', contentId: id, reason: 'Spam' } as const;
        ids.push((await f.bob.client.call(api.createReport, { body })).json().id);
      }
      const dismiss = (id: number) => f.moderator.client.call(api.dismissReport, { params: { id } });
      expect((await dismiss(ids[0] as number)).statusCode).toBe(200);
      return () => dismiss(ids[1] as number);
    },
    call: (dismiss) => dismiss(),
  }),
  row({
    route: api.adminThreads,
    as: 'admin',
    what: 'a search',
    call: () => f.admin.client.call(api.adminThreads, { query: { q: 'routers' } }),
  }),
  row({
    route: api.adminStats,
    as: 'admin',
    what: '30 days',
    call: () => f.admin.client.call(api.adminStats, { query: { range: '30d' } }),
  }),
  row({
    route: api.unapprovedThreads,
    as: 'admin',
    what: 'the approval queue',
    call: () => f.admin.client.call(api.unapprovedThreads),
  }),

  // Private messages.
  row({
    route: api.listMessages,
    as: 'member',
    what: 'both boxes, the first page',
    call: () => f.alice.client.call(api.listMessages),
  }),
  row({
    route: api.listMessages,
    as: 'member',
    what: 'an older inbox page',
    call: () => f.alice.client.call(api.listMessages, { query: { box: 'inbox', before: '6' } }),
  }),
  row({
    route: api.listMessages,
    as: 'member',
    what: 'a sent page',
    call: () => f.alice.client.call(api.listMessages, { query: { box: 'sent', limit: '2', before: '3' } }),
  }),
  row({
    route: api.unreadMessageCount,
    as: 'member',
    what: 'a full inbox',
    call: () => f.alice.client.call(api.unreadMessageCount),
  }),
  row({
    route: 'unreadCountOf()',
    as: 'process',
    what: 'the unread count a list, a send and a read carry',
    call: () => unreadCountOf(app, f.alice.user.id),
  }),
  ...(
    [
      ['plain', () => ({})],
      ['a link', () => ({ attachmentType: 'link', attachmentData: 'https://example.com/' })],
      ['an invite', () => ({ attachmentType: 'invite', attachmentData: String(f.busy.id) })],
    ] as const
  ).map(([what, attachment]) =>
    row({
      route: api.sendMessage,
      as: 'member',
      what,
      // One message per member at a time: each send is a new sender's, and another sender warms the route.
      once: true,
      setup: async () => {
        const [warm, sender] = [await createMember(app), await createMember(app)];
        const body = { content: what, recipientId: f.alice.user.id, ...attachment() };
        expect((await warm.client.call(api.sendMessage, { body })).statusCode).toBe(201);
        return () => sender.client.call(api.sendMessage, { body });
      },
      call: (send) => send(),
    }),
  ),
  row({
    route: api.markMessageRead,
    as: 'member',
    what: 'an unread message',
    once: true,
    setup: async () => {
      const [warm, target] = [
        await sendMessage(app, f.bob.user, { content: 'warm', recipientId: f.alice.user.id }),
        await sendMessage(app, f.bob.user, { content: 'watched', recipientId: f.alice.user.id }),
      ];
      expect((await f.alice.client.call(api.markMessageRead, { params: { id: warm.id } })).statusCode).toBe(200);
      return target;
    },
    call: (target) => f.alice.client.call(api.markMessageRead, { params: { id: target.id } }),
  }),
  row({
    route: api.markMessageRead,
    as: 'member',
    what: 'a message already read',
    setup: async () => {
      const message = await sendMessage(app, f.bob.user, { content: 'read', recipientId: f.alice.user.id });
      expect((await f.alice.client.call(api.markMessageRead, { params: { id: message.id } })).statusCode).toBe(200);
      return message;
    },
    call: (message) => f.alice.client.call(api.markMessageRead, { params: { id: message.id } }),
  }),
  row({
    route: api.blockMember,
    as: 'member',
    what: 'a member',
    once: true,
    setup: async () => {
      const [warm, target] = [await createMember(app), await createMember(app)];
      expect((await f.alice.client.call(api.blockMember, { params: { id: warm.user.id } })).statusCode).toBe(200);
      return target.user;
    },
    call: (target) => f.alice.client.call(api.blockMember, { params: { id: target.id } }),
  }),
  row({
    route: api.blockedMembers,
    as: 'member',
    what: 'the list',
    call: () => f.alice.client.call(api.blockedMembers),
  }),
  row({
    route: api.sendMessage,
    as: 'member',
    what: 'to a member who blocked the sender',
    status: 403,
    once: true,
    setup: async () => {
      const [warm, sender] = [await createMember(app), await createMember(app)];
      for (const { user } of [warm, sender]) await f.alice.client.call(api.blockMember, { params: { id: user.id } });
      const send = (client: TestClient) =>
        client.call(api.sendMessage, { body: { content: 'refused', recipientId: f.alice.user.id } });
      expect((await send(warm.client)).statusCode).toBe(403);
      return () => send(sender.client);
    },
    call: (send) => send(),
  }),
  row({
    route: api.unblockMember,
    as: 'member',
    what: 'a blocked member',
    once: true,
    setup: async () => {
      const [warm, target] = [await createMember(app), await createMember(app)];
      const unblock = (user: UserRecord) => f.alice.client.call(api.unblockMember, { params: { id: user.id } });
      for (const { user } of [warm, target]) await f.alice.client.call(api.blockMember, { params: { id: user.id } });
      expect((await unblock(warm.user)).statusCode).toBe(200);
      return () => unblock(target.user);
    },
    call: (unblock) => unblock(),
  }),

  // Notifications.
  row({
    route: api.notifications,
    as: 'member',
    what: 'the first page',
    call: () => f.alice.client.call(api.notifications, { query: { limit: '2' } }),
  }),
  row({
    route: api.notifications,
    as: 'member',
    what: 'an older page',
    call: () => f.alice.client.call(api.notifications, { query: { limit: '2', before: '2' } }),
  }),
  row({
    route: api.markNotificationsRead,
    as: 'member',
    what: 'up to the newest',
    call: () => f.alice.client.call(api.markNotificationsRead, { body: { upTo: 3 } }),
  }),
  row({
    route: api.notificationPreferences,
    as: 'member',
    what: 'read',
    call: () => f.alice.client.call(api.notificationPreferences),
  }),

  // The account: the session check, sessions, activity.
  row({
    route: api.user,
    as: 'member',
    what: 'the session check reads nothing (the route reads the balance)',
    maxCommands: { matching: /users|session/, max: 0 },
    call: () => f.alice.client.call(api.user),
  }),
  row({
    route: api.user,
    as: 'member',
    what: 'the first request of a session this process opened reads no session end',
    once: true,
    maxCommands: { matching: /sessionends/, max: 0 },
    setup: async () => (await createMember(app)).client,
    call: (client) => client.call(api.user),
  }),
  row({
    route: api.user,
    as: 'member',
    what: 'five requests in five minutes do not mark the session seen',
    maxCommands: { matching: /sessionseens/, max: 0 },
    setup: async () => (await createMember(app)).client,
    call: async (client) => {
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await client.call(api.user));
      return answers;
    },
  }),
  row({
    route: api.user,
    as: 'member',
    what: 'six minutes later, three requests mark it seen once',
    maxCommands: { matching: /^update sessionseens/, max: 1 },
    once: true,
    setup: async () => {
      const { client } = await createMember(app);
      expect((await client.call(api.user)).statusCode).toBe(200);
      await app.settled();
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * 60_000 });
      return client;
    },
    call: async (client) => {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await client.call(api.user));
      return answers;
    },
  }),
  row({ route: api.sessions, as: 'member', what: 'three sessions', call: () => f.alice.client.call(api.sessions) }),
  row({
    route: api.endSession,
    as: 'member',
    what: 'another session',
    once: true,
    setup: async () => {
      const [warm, target] = [await signIn(f.alice.user), await signIn(f.alice.user)];
      const end = async (client: TestClient) =>
        f.alice.client.call(api.endSession, { params: { id: await currentSession(client) } });
      expect((await end(warm)).statusCode).toBe(200);
      const id = await currentSession(target);
      return () => f.alice.client.call(api.endSession, { params: { id } });
    },
    call: (end) => end(),
  }),
  row({
    route: api.login,
    as: 'visitor',
    what: 'the password',
    // The login lock's release (attempt slots) is the sign-in's own, older than sessions.
    allowed: ['attemptslots'],
    call: () => visitor().call(api.login, { body: { username: f.alice.user.username, password: DEFAULT_PASSWORD } }),
  }),
  row({
    route: api.endOtherSessions,
    as: 'member',
    what: 'two others',
    once: true,
    setup: async () => {
      const [warm, member] = [await createMember(app), await createMember(app)];
      for (const { user } of [warm, member]) for (let i = 0; i < 2; i++) await signIn(user);
      expect((await warm.client.call(api.endOtherSessions)).json()).toMatchObject({ ended: 2 });
      return member.client;
    },
    call: (client) => client.call(api.endOtherSessions),
  }),
  row({
    route: api.logout,
    as: 'member',
    what: 'this session',
    once: true,
    setup: async () => {
      const [warm, here] = [await signIn(f.bob.user), await signIn(f.bob.user)];
      expect((await warm.call(api.logout)).statusCode).toBe(200);
      return here;
    },
    call: (here) => here.call(api.logout),
  }),
  row({
    route: api.activity,
    as: 'member',
    what: 'every page, two at a time',
    call: async () => {
      const answers: Answer[] = [];
      let before: string | null = null;
      do {
        const answer: Answer = await f.alice.client.call(api.activity, {
          query: { limit: '2', ...(before && { before }) },
        });
        answers.push(answer);
        before = answer.json().nextCursor;
      } while (before);
      return answers;
    },
  }),

  // The wallet: transactions, self-custody payments, admin grants.
  row({
    route: api.transactions,
    as: 'member',
    what: `every page of 40 (${LEDGER_ENTRIES} entries and 8 payments)`,
    call: async () => {
      const answers: Answer[] = [];
      let cursor: string | null = null;
      do {
        const answer: Answer = await f.alice.client.call(api.transactions, {
          query: { limit: '40', ...(cursor && { cursor }) },
        });
        answers.push(answer);
        cursor = answer.json().nextCursor;
      } while (cursor);
      return answers;
    },
  }),
  ...([{ type: 'purchase' }, { status: 'pending' }, { type: 'other', limit: '5' }] as Record<string, string>[]).map(
    (query) =>
      row({
        route: api.transactions,
        as: 'member',
        what: new URLSearchParams(query).toString(),
        call: () => f.alice.client.call(api.transactions, { query }),
      }),
  ),
  row({
    route: api.createPayment,
    as: 'member',
    what: 'self-custody',
    setup: async () => (await createMember(app)).client,
    call: (client) => client.call(api.createPayment, { body: { packageId: 'starter', currency: 'btc' } }),
  }),
  row({
    route: api.payment,
    as: 'member',
    what: 'self-custody',
    setup: async () => {
      const { client } = await createMember(app);
      const { payment_id: paymentId } = await createPayment(client);
      return () => client.call(api.payment, { params: { paymentId } });
    },
    call: (status) => status(),
  }),
  row({
    route: api.pendingPayments,
    as: 'admin',
    what: 'the staff queue',
    // The open payments: only payments not yet confirmed, rejected or expired.
    allowed: ['openpayments'],
    call: () => f.admin.client.call(api.pendingPayments),
  }),
  ...(['confirmPayment', 'rejectPayment'] as const).map((name) =>
    row({
      route: api[name],
      as: 'admin',
      what: 'a pending self-custody payment',
      once: true,
      setup: async () => {
        const { client } = await createMember(app);
        const [warm, target] = await staffIds([await createPayment(client), await createPayment(client)]);
        const decide = (id: number | undefined) =>
          f.admin.client.call(api[name], {
            params: { id },
            ...(name === 'confirmPayment' && { body: { transactionHash: 'c'.repeat(64) } }),
          });
        expect((await decide(warm)).statusCode).toBe(200);
        return () => decide(target);
      },
      call: (decide) => decide(),
    }),
  ),
  row({
    route: api.addCoins,
    as: 'admin',
    what: 'to themselves',
    call: () => f.admin.client.call(api.addCoins, { body: { amount: 10 } }),
  }),
  row({
    route: api.addUserCoins,
    as: 'admin',
    what: 'to a member with a long ledger',
    call: () => f.admin.client.call(api.addUserCoins, { body: { userId: f.alice.user.id, amount: 10 } }),
  }),

  // NOWPayments, on an app of its own.
  row({
    route: api.createPayment,
    as: 'member',
    what: 'NOWPayments',
    app: 'nowpayments',
    setup: async () => (await createMember(nowpayments)).client,
    call: (client) => client.call(api.createPayment, { body: { packageId: 'starter', currency: 'btc' } }),
  }),
  row({
    route: api.payment,
    as: 'member',
    what: 'NOWPayments',
    app: 'nowpayments',
    setup: async () => {
      const { client } = await createMember(nowpayments);
      const { payment_id: paymentId } = await createPayment(client);
      return () => client.call(api.payment, { params: { paymentId } });
    },
    call: (status) => status(),
  }),
  row({
    route: api.paymentNotification,
    as: 'visitor',
    what: 'NOWPayments, signed: a payment finished',
    app: 'nowpayments',
    once: true,
    setup: async () => {
      const { client } = await createMember(nowpayments);
      const [warm, target] = [await createPayment(client), await createPayment(client)];
      expect((await deliver(finished(warm))).statusCode).toBe(200);
      return target;
    },
    call: (target) => deliver(finished(target)),
  }),

  // The ledger's own operations, as routes, sweeps and the console call them.
  row({
    route: 'move()',
    as: 'process',
    what: `a grant on a ledger of ${LEDGER_ENTRIES} entries`,
    call: () => move(app, { account: f.alice.user.id, amount: 1, key: freshKey('grant'), type: 'admin_grant' }),
  }),
  row({
    route: 'move()',
    as: 'process',
    what: 'a debit replayed by its key',
    setup: async () => {
      const key = freshKey('spend');
      await move(app, { account: f.alice.user.id, amount: -1, key, type: 'unlock' });
      return key;
    },
    call: (key) => move(app, { account: f.alice.user.id, amount: -1, key, type: 'unlock' }),
  }),
  row({
    route: 'move()',
    as: 'process',
    what: 'a debit refused for want of coins',
    call: () =>
      expect(
        move(app, { account: f.alice.user.id, amount: -1_000_000, key: freshKey('short'), type: 'unlock' }),
      ).rejects.toMatchObject({ statusCode: 402 }),
  }),
  row({
    route: 'pay()',
    as: 'process',
    what: 'a sale',
    call: () =>
      pay(app, {
        buyer: f.alice.user.id,
        seller: f.author.user.id,
        amount: 1,
        key: freshKey('buy'),
        type: 'premium_purchase',
        reference: `thread:${f.paid.id}`,
      }),
  }),
  row({ route: 'balanceOf()', as: 'process', what: 'a long ledger', call: () => balanceOf(app, f.alice.user.id) }),
  row({
    route: 'movementByKey()',
    as: 'process',
    what: 'a debit, its sale, and a key never moved',
    setup: async () => {
      const key = freshKey('sold');
      const paid = { buyer: f.alice.user.id, seller: f.author.user.id, amount: 1, type: 'unlock' as const };
      await pay(app, { ...paid, key, reference: `thread:${f.parent.id}` });
      return key;
    },
    call: (key) =>
      Promise.all([movementByKey(app, key), movementByKey(app, `sale:${key}`), movementByKey(app, freshKey('never'))]),
  }),
  row({
    route: 'movementByKey()',
    as: 'process',
    what: 'a movement a crash cut short before its pointer, finished by the start-up sweep',
    setup: async () => {
      const { user } = await funded(10);
      const key = freshKey('cut');
      await move(app, { account: user.id, amount: -10, key, type: 'unlock' });
      await walletModels(app).LedgerKey.deleteOne({ _id: key });
      await ledgerMove.begin(app, key, { key, account: user.id, since: Date.now() });
      await ledgerMove.sweep(app);
      return key;
    },
    call: (key) => movementByKey(app, key),
  }),
  row({
    route: 'ledgerStats()',
    as: 'process',
    what: 'the console’s movements and coins sold since a time',
    call: () => ledgerStats(app, new Date(Date.now() - 60_000)),
  }),
];

const names = new Map<unknown, string>(Object.entries(api).map(([name, contract]) => [contract, `api.${name}`]));
const titleOf = ({ route, as, what }: Row<unknown>) =>
  `${typeof route === 'string' ? route : (names.get(route) ?? `${route.method} ${route.url}`)} as ${as}: ${what}`;

/** A route's success status: the lowest 2xx its contract declares. */
const successOf = (route: RouteContract) =>
  Math.min(
    ...Object.keys(route.response)
      .map(Number)
      .filter((status) => status >= 200 && status < 300),
  );

const answersIn = (result: unknown): Answer[] =>
  (Array.isArray(result) ? result : [result]).filter(
    (answer): answer is Answer => typeof answer === 'object' && answer !== null && 'statusCode' in answer,
  );

function expectAnswered(row: Row<unknown>, result: unknown) {
  if (typeof row.route === 'string') return;
  const answers = answersIn(result);
  expect(answers.length, 'the call answered nothing').toBeGreaterThan(0);
  const status = row.status ?? successOf(row.route);
  for (const answer of answers) expect(answer.statusCode, answer.body).toBe(status);
}

describe('every route reads and writes by key', () => {
  it('the table names every route once per role and case', () => {
    const titles = rows.map(titleOf);
    expect(titles.filter((title, i) => titles.indexOf(title) !== i)).toEqual([]);
  });

  it.each(rows.map((definition) => [titleOf(definition), definition] as const))('%s', async (_title, definition) => {
    const target = definition.app === 'nowpayments' ? nowpayments : app;
    const state = await definition.setup?.();
    if (!definition.once) expectAnswered(definition, await definition.call(state));
    await target.settled();
    let result: unknown;
    let scans: Scan[] = [];
    const commands = await commandsDuring(target, async () => {
      scans = await scansDuring(
        target,
        async () => {
          result = await definition.call(state);
          // The work the call left running (pushes, copies, marks) is the call's too.
          await target.settled();
        },
        definition.allowed,
      );
    });
    expect(scans).toEqual([]);
    expectAnswered(definition, result);
    if (definition.maxCommands) {
      const { matching, max } = definition.maxCommands;
      expect(commands.filter((command) => matching.test(command)).length, commands.join('\n')).toBeLessThanOrEqual(max);
    }
  });
});
