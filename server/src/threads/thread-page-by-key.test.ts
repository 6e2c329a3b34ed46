import { api, type Thread } from '@enclave/protocol';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { reply } from '../replies/service.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aThread, grantCoins } from '../test/forum.ts';
import type { UserRecord } from '../users/user-model.ts';

/**
 * What each caller of the routes behind a thread page is answered: premium, private, discussion and group-buy
 * pages, purchases and replies. That each of them reads by key, whatever the forum holds, is asserted with the
 * other routes in http/route-scans.test.ts.
 */
let app: App;
let author: UserRecord;
let authorClient: TestClient;

beforeAll(async () => {
  app = await createTestApp();
  ({ user: author, client: authorClient } = await createMember(app));
});

/** The route's status, asked twice: a second call is answered as the first. */
async function statusOf(call: () => Promise<LightMyRequestResponse>) {
  const status = (await call()).statusCode;
  expect((await call()).statusCode).toBe(status);
  return status;
}

const detail = (client: TestClient, thread: Pick<Thread, 'id'>) => () =>
  client.call(api.thread, { params: { id: thread.id } });

describe('GET /api/threads/{id}', () => {
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
    expect(await statusOf(detail(new TestClient(app), thread))).toBe(402);
    expect(await statusOf(detail(nobody, thread))).toBe(402);
    expect(await statusOf(detail(buyerClient, thread))).toBe(200);
  });

  it('for a private thread, and a thread with a premium discussion and its sister', async () => {
    const { user: friend, client: friendClient } = await createMember(app);
    const secret = await aThread(app, author, { isPrivate: true, allowedUserIds: [friend.id] });
    expect(await statusOf(detail(friendClient, secret))).toBe(200);
    expect(await statusOf(detail(new TestClient(app), secret))).toBe(404);
    const parent = await aThread(app, author, {
      hasUnlockableContent: true,
      unlockableCost: 5,
      unlockableType: 'premium_thread',
      unlockableContent: 'Sister content',
    });
    const { user: member, client } = await createMember(app);
    await grantCoins(app, member.id, 20);
    expect(await statusOf(detail(client, parent))).toBe(200);
    expect(await statusOf(() => client.call(api.unlockable, { params: { id: parent.id } }))).toBe(200);
    const unlock = () => client.call(api.unlock, { params: { id: parent.id }, body: {} });
    expect((await unlock()).statusCode).toBe(200);
    // Unlocking twice answers 409 the second time.
    expect((await unlock()).statusCode).toBe(409);
    expect(await statusOf(detail(client, { id: parent.sisterThreadId as number }))).toBe(200);
  });

  it('for a group buy: its page, its status and a contribution', async () => {
    const thread = await aThread(app, author, {
      isGroupBuy: true,
      groupBuyParticipantsRequired: 3,
      groupBuyContributionAmount: 5,
    });
    const { client: watcher } = await createMember(app);
    expect(await statusOf(detail(watcher, thread))).toBe(200);
    expect(await statusOf(detail(new TestClient(app), thread))).toBe(200);
    expect(await statusOf(() => watcher.call(api.groupBuyStatus, { params: { id: thread.id } }))).toBe(200);
    const members = await Promise.all([createMember(app), createMember(app)]);
    for (const { user } of members) await grantCoins(app, user.id, 20);
    const contribute = (client: TestClient) => () =>
      client.call(api.contribute, { params: { id: thread.id }, body: { amount: 5 } });
    expect((await contribute((members[0] as (typeof members)[number]).client)()).statusCode).toBe(200);
    expect((await contribute((members[1] as (typeof members)[number]).client)()).statusCode).toBe(200);
    expect(await statusOf(detail((members[1] as (typeof members)[number]).client, thread))).toBe(200);
  });

  it('a premium purchase', async () => {
    const thread = await aThread(app, author, { isPremium: true, premiumCost: 10 });
    const warm = await aThread(app, author, { isPremium: true, premiumCost: 10 });
    const { user: buyer, client } = await createMember(app);
    await grantCoins(app, buyer.id, 50);
    const buy = (id: number) => () =>
      client.call(api.spendCoins, { body: { referenceId: id, amount: 10, referenceType: 'thread' } });
    expect((await buy(warm.id)()).statusCode).toBe(200);
    expect((await buy(thread.id)()).statusCode).toBe(200);
  });
});

describe('replies', () => {
  it('a first page, a later page, and a new reply', async () => {
    const thread = await aThread(app, author);
    for (let i = 1; i <= 60; i++) await reply(app, author, thread.id, `Reply ${i}`);
    const { client } = await createMember(app);
    const page = (query: Record<string, string>) => () => client.call(api.posts, { params: { id: thread.id }, query });
    const first = (await page({ limit: '20' })()).json();
    expect(first.map((post: { number: number }) => post.number)).toEqual(Array.from({ length: 20 }, (_, i) => 1 + i));
    const later = (await page({ after: '40', limit: '20' })()).json();
    expect(later.map((post: { number: number }) => post.number)).toEqual(Array.from({ length: 20 }, (_, i) => 41 + i));
    // The reply route allows one reply per member every 10 seconds: two members reply.
    const { client: other } = await createMember(app);
    const post = (poster: TestClient) => () =>
      poster.call(api.reply, { params: { id: thread.id }, body: { content: 'One more' } });
    expect((await post(other)()).statusCode).toBe(201);
    expect((await post(authorClient)()).statusCode).toBe(201);
    expect((await detail(client, thread)()).json()).toMatchObject({ replyCount: 62 });
  });
});
