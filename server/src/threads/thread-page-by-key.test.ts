import { api, type Thread } from '@enclave/protocol';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { reply } from '../posts/service.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aThread, grantCoins } from '../test/forum.ts';
import { scansDuring } from '../test/scans.ts';
import type { UserRecord } from '../users/user-model.ts';

/**
 * Everything behind a thread page reads by key: no route here sends a command that would scan a
 * collection on the embedded database, whatever the forum holds. The ledger is the wallet's own (its
 * engineer makes its movements keyed); routes that move coins may still read it by its key index.
 */
let app: App;
let author: UserRecord;
let authorClient: TestClient;
const LEDGER = ['ledgerentries'];

beforeAll(async () => {
  app = await createTestApp();
  ({ user: author, client: authorClient } = await createMember(app));
});

/** Calls the route once to warm it (start-up hooks, first-use reads), then again, watching for scans. */
async function scansOf(call: () => Promise<LightMyRequestResponse>, allowed: string[] = [], status = 200) {
  expect((await call()).statusCode).toBe(status);
  let response: LightMyRequestResponse | undefined;
  const scans = await scansDuring(
    app,
    async () => {
      response = await call();
    },
    allowed,
  );
  expect(response?.statusCode).toBe(status);
  return scans;
}

const detail = (client: TestClient, thread: Pick<Thread, 'id'>) => () =>
  client.call(api.thread, { params: { id: thread.id } });

describe('GET /api/threads/{id}, by key', () => {
  it('for a visitor, a member holding nothing and a buyer of a premium thread', async () => {
    const thread = await aThread(app, author, { isPremium: true, premiumCost: 10 });
    const { client: nobody } = await createMember(app);
    const { user: buyer, client: buyerClient } = await createMember(app);
    await grantCoins(app, buyer.id, 50);
    expect(
      (
        await buyerClient.call(api.spendCoins, {
          body: { referenceId: thread.id, amount: 10, referenceType: 'thread' },
        })
      ).statusCode,
    ).toBe(200);
    expect(await scansOf(detail(new TestClient(app), thread), [], 402)).toEqual([]);
    expect(await scansOf(detail(nobody, thread), [], 402)).toEqual([]);
    expect(await scansOf(detail(buyerClient, thread))).toEqual([]);
  });

  it('for a private thread, and a thread with a premium discussion and its sister', async () => {
    const { user: friend, client: friendClient } = await createMember(app);
    const secret = await aThread(app, author, { isPrivate: true, allowedUserIds: [friend.id] });
    expect(await scansOf(detail(friendClient, secret))).toEqual([]);
    expect(await scansOf(detail(new TestClient(app), secret), [], 404)).toEqual([]);
    const parent = await aThread(app, author, {
      hasUnlockableContent: true,
      unlockableCost: 5,
      unlockableType: 'premium_thread',
      unlockableContent: 'Sister content',
    });
    const { user: member, client } = await createMember(app);
    await grantCoins(app, member.id, 20);
    expect(await scansOf(detail(client, parent))).toEqual([]);
    expect(await scansOf(() => client.call(api.unlockable, { params: { id: parent.id } }))).toEqual([]);
    // Unlocking twice answers 409 the second time: the warm call is the real one.
    const unlock = () => client.call(api.unlock, { params: { id: parent.id }, body: {} });
    expect(await scansDuring(app, unlock, LEDGER)).toEqual([]);
    expect(await scansOf(detail(client, { id: parent.sisterThreadId as number }))).toEqual([]);
  });

  it('for a group buy: its page, its status and a contribution', async () => {
    const thread = await aThread(app, author, {
      isGroupBuy: true,
      groupBuyParticipantsRequired: 3,
      groupBuyContributionAmount: 5,
    });
    const { client: watcher } = await createMember(app);
    expect(await scansOf(detail(watcher, thread))).toEqual([]);
    expect(await scansOf(detail(new TestClient(app), thread))).toEqual([]);
    expect(await scansOf(() => watcher.call(api.groupBuyStatus, { params: { id: thread.id } }))).toEqual([]);
    const members = await Promise.all([createMember(app), createMember(app)]);
    for (const { user } of members) await grantCoins(app, user.id, 20);
    const contribute = (client: TestClient) => () =>
      client.call(api.contribute, { params: { id: thread.id }, body: { amount: 5 } });
    // The first contribution warms the route; the second is watched.
    expect((await contribute((members[0] as (typeof members)[number]).client)()).statusCode).toBe(200);
    expect(await scansDuring(app, contribute((members[1] as (typeof members)[number]).client), LEDGER)).toEqual([]);
    expect(await scansOf(detail((members[1] as (typeof members)[number]).client, thread))).toEqual([]);
  });

  it('a premium purchase', async () => {
    const thread = await aThread(app, author, { isPremium: true, premiumCost: 10 });
    const warm = await aThread(app, author, { isPremium: true, premiumCost: 10 });
    const { user: buyer, client } = await createMember(app);
    await grantCoins(app, buyer.id, 50);
    const buy = (id: number) => () =>
      client.call(api.spendCoins, { body: { referenceId: id, amount: 10, referenceType: 'thread' } });
    expect((await buy(warm.id)()).statusCode).toBe(200);
    expect(await scansDuring(app, buy(thread.id), LEDGER)).toEqual([]);
  });
});

describe('replies, by key', () => {
  it('a first page, a later page, and a new reply', async () => {
    const thread = await aThread(app, author);
    for (let i = 1; i <= 60; i++) await reply(app, author, thread.id, `Reply ${i}`);
    const { client } = await createMember(app);
    const page = (query: Record<string, string>) => () => client.call(api.posts, { params: { id: thread.id }, query });
    expect(await scansOf(page({ limit: '20' }))).toEqual([]);
    expect(await scansOf(page({ after: '40', limit: '20' }))).toEqual([]);
    const later = (await page({ after: '40', limit: '20' })()).json();
    expect(later.map((post: { number: number }) => post.number)).toEqual(Array.from({ length: 20 }, (_, i) => 41 + i));
    // The reply route allows one reply per member every 10 seconds: a second member warms it.
    const { client: other } = await createMember(app);
    const post = (poster: TestClient) => () =>
      poster.call(api.reply, { params: { id: thread.id }, body: { content: 'One more' } });
    expect((await post(other)()).statusCode).toBe(201);
    expect(await scansDuring(app, post(authorClient))).toEqual([]);
    expect((await detail(client, thread)()).json()).toMatchObject({ replyCount: 62 });
  });
});
