import { api, ErrorCode, SERVER_TEXT, THREAD_TEXT, type Thread } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aThread, grantCoins } from '../test/forum.ts';
import { expectLedgerReconciles } from '../test/reconcile.ts';
import { balanceOf } from '../wallet/ledger.ts';
import { threadModels } from './models.ts';

let app: App;

beforeAll(async () => {
  app = await createTestApp();
});

const SECRET = 'the premium recipe: 42';

async function premiumThread(cost = 30) {
  const { user: author, client: authorClient } = await createMember(app);
  const thread = await aThread(app, author, {
    title: 'Premium guide',
    content: SECRET,
    isPremium: true,
    premiumCost: cost,
  });
  return { author, authorClient, thread };
}

const buy = (client: TestClient, thread: Thread, amount = thread.premiumCost as number) =>
  client.call(api.spendCoins, { body: { amount, referenceId: thread.id, referenceType: 'thread' } });

describe('a premium thread without access', () => {
  it('answers 402 with what the purchase dialog needs, never the content', async () => {
    const { author, thread } = await premiumThread(30);
    const { client } = await createMember(app);
    for (const caller of [client, new TestClient(app)]) {
      for (const response of [
        await caller.call(api.thread, { params: { id: thread.id } }),
        await caller.call(api.posts, { params: { id: thread.id } }),
      ]) {
        expect(response.statusCode).toBe(402);
        expect(response.json()).toEqual({
          message: SERVER_TEXT.premiumRequired,
          code: ErrorCode.PremiumRequired,
          details: { threadId: thread.id, title: 'Premium guide', premiumCost: 30, authorName: author.username },
        });
        expect(response.body).not.toContain(SECRET);
      }
    }
  });

  it('shows in lists with empty content and userHasAccess false', async () => {
    const { thread } = await premiumThread();
    const { client } = await createMember(app);
    const listed = (await client.call(api.threads)).json().find((t: Thread) => t.id === thread.id);
    expect(listed).toMatchObject({ content: '', isPremium: true, premiumCost: 30, userHasAccess: false });
  });

  it('is open to its author and to staff', async () => {
    const { authorClient, thread } = await premiumThread();
    const { client: moderator } = await createMember(app, { isModerator: true });
    for (const client of [authorClient, moderator]) {
      const response = await client.call(api.thread, { params: { id: thread.id } });
      expect(response.json()).toMatchObject({ content: SECRET, userHasAccess: true });
      expect((await client.call(api.posts, { params: { id: thread.id } })).statusCode).toBe(200);
    }
  });
});

describe('buying a premium thread (POST /api/coins/spend)', () => {
  it('debits the buyer, credits the author just after, and opens the thread and its replies', async () => {
    const { author, thread } = await premiumThread(30);
    const { user: buyer, client } = await createMember(app);
    await grantCoins(app, buyer.id, 100);
    const response = await buy(client, thread);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Thread purchased', threadId: thread.id, balance: 70 });
    // The answer does not wait for the author's credit (ledger.ts `sell`).
    await expect.poll(() => balanceOf(app, author.id)).toBe(30);
    expect((await client.call(api.thread, { params: { id: thread.id } })).json()).toMatchObject({
      content: SECRET,
      userHasAccess: true,
    });
    await expect.poll(async () => (await client.call(api.unlockedContent)).json().threadIds).toContain(thread.id);
    const listed = (await client.call(api.threads)).json().find((t: Thread) => t.id === thread.id);
    expect(listed).toMatchObject({ content: SECRET, userHasAccess: true });
    await expectLedgerReconciles(app);
  });

  it('refuses a second purchase with no charge', async () => {
    const { thread } = await premiumThread(30);
    const { user: buyer, client } = await createMember(app);
    await grantCoins(app, buyer.id, 100);
    await buy(client, thread);
    const again = await buy(client, thread);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(ErrorCode.AlreadyOwned);
    expect(await balanceOf(app, buyer.id)).toBe(70);
    await expectLedgerReconciles(app);
  });

  it("answers the spec's insufficient-coins text and charges nothing", async () => {
    const { thread } = await premiumThread(30);
    const { user: buyer, client } = await createMember(app);
    await grantCoins(app, buyer.id, 29);
    const response = await buy(client, thread);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({
      code: ErrorCode.InsufficientCoins,
      message: THREAD_TEXT.insufficientCoins,
      details: { needed: 30, balance: 29 },
    });
    expect(await balanceOf(app, buyer.id)).toBe(29);
    expect((await client.call(api.thread, { params: { id: thread.id } })).statusCode).toBe(402);
  });

  it('refuses the author, a stale price, a thread that is not premium, and visitors', async () => {
    const { author, authorClient, thread } = await premiumThread(30);
    await grantCoins(app, author.id, 100);
    const own = await buy(authorClient, thread);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('You cannot buy your own thread');

    const { user: buyer, client } = await createMember(app);
    await grantCoins(app, buyer.id, 100);
    const stale = await buy(client, thread, 25);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details).toEqual({ amount: 30 });

    const plain = await aThread(app, author);
    expect((await buy(client, plain, 10)).json().message).toBe('This thread is not premium');
    expect((await buy(new TestClient(app), thread)).statusCode).toBe(401);
    expect(await balanceOf(app, buyer.id)).toBe(100);
  });

  it('race: 50 concurrent purchases by one member charge once', async () => {
    const { author, thread } = await premiumThread(30);
    const { user: buyer, client } = await createMember(app);
    await grantCoins(app, buyer.id, 1000);
    const responses = await Promise.all(Array.from({ length: 50 }, () => buy(client, thread)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(49);
    expect(await balanceOf(app, buyer.id)).toBe(970);
    // The author is credited just after the answer (purchases.ts): the work the app tracks.
    await app.settled();
    expect(await balanceOf(app, author.id)).toBe(30);
    expect(await threadModels(app).Holding.countDocuments({ threadId: thread.id, userId: buyer.id })).toBe(1);
    await expectLedgerReconciles(app);
  });

  it('race: 20 buyers of 20 sellers at once are each charged once, and every seller is credited once', async () => {
    const sales = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const { author, thread } = await premiumThread(10 + i);
        const { user: buyer, client } = await createMember(app);
        await grantCoins(app, buyer.id, 100);
        return { author, thread, buyer, client };
      }),
    );
    const responses = await Promise.all(sales.map(({ client, thread }) => buy(client, thread)));
    expect(responses.map((r) => r.statusCode)).toEqual(sales.map(() => 200));
    expect(responses.map((r) => r.json().balance)).toEqual(sales.map((_, i) => 90 - i));
    // Sellers are credited a few at a time after the answers: the work the app tracks.
    await app.settled();
    for (const [i, { author, buyer }] of sales.entries()) {
      expect(await balanceOf(app, buyer.id)).toBe(90 - i);
      expect(await balanceOf(app, author.id)).toBe(10 + i);
    }
    await expectLedgerReconciles(app);
  });
});
