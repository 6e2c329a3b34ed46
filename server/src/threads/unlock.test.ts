import { api, ErrorCode, THREAD_TEXT, type Thread } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aThread, grantCoins } from '../test/forum.ts';
import { expectLedgerReconciles } from '../test/reconcile.ts';
import { balanceOf } from '../wallet/ledger.ts';
import { walletModels } from '../wallet/models.ts';
import { threadModels } from './models.ts';

let app: App;

beforeAll(async () => {
  app = await createTestApp();
});

const LINK = 'https://files.example/secret-download';

async function discussion(overrides: Record<string, unknown> = {}) {
  const { user: author, client: authorClient } = await createMember(app);
  const thread = await aThread(app, author, {
    hasUnlockableContent: true,
    unlockableCost: 25,
    unlockableType: 'download_link',
    unlockableContent: LINK,
    ...overrides,
  });
  return { author, authorClient, thread };
}

const unlock = (client: TestClient, id: number, body: { cost?: number } = {}) =>
  client.call(api.unlock, { params: { id }, body });

describe('the premium discussion before unlocking', () => {
  it('never reaches a viewer without access: not in lists, detail or the checks', async () => {
    const { thread } = await discussion();
    const { client } = await createMember(app);
    for (const caller of [client, new TestClient(app)]) {
      const detail = await caller.call(api.thread, { params: { id: thread.id } });
      expect(detail.json()).toMatchObject({
        hasUnlockableContent: true,
        unlockableContent: null,
        userHasAccess: false,
      });
      expect((await caller.call(api.threads)).body).not.toContain(LINK);
      expect((await caller.call(api.checkUnlocked, { params: { id: thread.id } })).json()).toEqual({
        isUnlocked: false,
        content: null,
        sisterThreadId: null,
      });
      expect((await caller.call(api.unlockable, { params: { id: thread.id } })).json()).toEqual({
        hasAccess: false,
        userPaidForAccess: false,
        alreadyUnlocked: false,
        sisterThreadId: null,
      });
    }
  });

  it('is open to its author and staff, who paid nothing', async () => {
    const { authorClient, thread } = await discussion();
    const { client: moderator } = await createMember(app, { isModerator: true });
    for (const client of [authorClient, moderator]) {
      expect((await client.call(api.thread, { params: { id: thread.id } })).json().unlockableContent).toBe(LINK);
      expect((await client.call(api.unlockable, { params: { id: thread.id } })).json()).toMatchObject({
        hasAccess: true,
        userPaidForAccess: false,
        alreadyUnlocked: true,
      });
    }
    expect((await unlock(moderator, thread.id)).json().code).toBe(ErrorCode.AlreadyOwned);
    expect((await unlock(authorClient, thread.id)).json().message).toBe('You cannot buy your own thread');
  });

  it('stays out of lists even for those who hold it', async () => {
    const { authorClient } = await discussion();
    expect((await authorClient.call(api.threads)).body).not.toContain(LINK);
  });
});

describe('unlocking', () => {
  it('pays the author once and answers the content', async () => {
    const { author, thread } = await discussion();
    const { user, client } = await createMember(app);
    await grantCoins(app, user.id, 40);
    const response = await unlock(client, thread.id, { cost: 25 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Premium discussion unlocked', content: LINK, sisterThreadId: null });
    expect(await balanceOf(app, user.id)).toBe(15);
    // The author is credited just after the answer (purchases.ts): the work the app tracks.
    await app.settled();
    expect(await balanceOf(app, author.id)).toBe(25);
    expect((await client.call(api.checkUnlocked, { params: { id: thread.id } })).json()).toMatchObject({
      isUnlocked: true,
      content: LINK,
    });
    expect((await client.call(api.unlockable, { params: { id: thread.id } })).json()).toMatchObject({
      hasAccess: true,
      userPaidForAccess: true,
      alreadyUnlocked: true,
    });
    expect((await client.call(api.thread, { params: { id: thread.id } })).json().unlockableContent).toBe(LINK);

    const again = await unlock(client, thread.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(ErrorCode.AlreadyOwned);
    expect(await balanceOf(app, user.id)).toBe(15);
    await expectLedgerReconciles(app);
  });

  it("refuses a short balance with the spec's text, a stale cost, and a thread with nothing to unlock", async () => {
    const { thread } = await discussion();
    const { user, client } = await createMember(app);
    await grantCoins(app, user.id, 24);
    const short = await unlock(client, thread.id);
    expect(short.statusCode).toBe(402);
    expect(short.json()).toMatchObject({ code: ErrorCode.InsufficientCoins, message: THREAD_TEXT.insufficientCoins });
    expect((await unlock(client, thread.id, { cost: 20 })).statusCode).toBe(409);
    const plain = await aThread(app, user);
    expect((await unlock(client, plain.id)).statusCode).toBe(400);
    expect(await balanceOf(app, user.id)).toBe(24);
    expect((await unlock(new TestClient(app), thread.id)).statusCode).toBe(401);
  });

  it('asks for the premium thread first when the thread itself is premium', async () => {
    const { thread } = await discussion({ isPremium: true, premiumCost: 10 });
    const { user, client } = await createMember(app);
    await grantCoins(app, user.id, 100);
    const response = await unlock(client, thread.id);
    expect(response.statusCode).toBe(402);
    expect(response.json().code).toBe(ErrorCode.PremiumRequired);
    expect(await balanceOf(app, user.id)).toBe(100);
  });

  it('race: 100 concurrent unlocks by a member whose balance covers one: one succeeds, one ledger entry', async () => {
    const { author, thread } = await discussion();
    const { user, client } = await createMember(app);
    await grantCoins(app, user.id, 25);
    const responses = await Promise.all(Array.from({ length: 100 }, () => unlock(client, thread.id)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.every((r) => [200, 402, 409].includes(r.statusCode))).toBe(true);
    expect(await walletModels(app).LedgerEntry.countDocuments({ account: user.id, type: 'unlock' })).toBe(1);
    expect(await balanceOf(app, user.id)).toBe(0);
    // The author is credited just after the answer (purchases.ts): the work the app tracks.
    await app.settled();
    expect(await balanceOf(app, author.id)).toBe(25);
    expect(await threadModels(app).Holding.countDocuments({ threadId: thread.id, userId: user.id })).toBe(1);
    await expectLedgerReconciles(app);
  });
});

describe('a premium sister thread (unlockable type premium_thread)', () => {
  async function withSister() {
    const made = await discussion({
      title: 'Trading desk',
      unlockableType: 'premium_thread',
      unlockableContent: undefined,
      sisterContent: 'Inner circle calls',
    });
    const sister = await threadModels(app).Thread.findOne({ id: made.thread.sisterThreadId }).lean();
    return { ...made, sister };
  }

  it('is created with the thread: premium at the unlock price, linked both ways', async () => {
    const { author, thread, sister } = await withSister();
    expect(thread.sisterThreadId).toEqual(expect.any(Number));
    expect(sister).toMatchObject({
      title: 'Trading desk (Premium Discussion)',
      content: 'Inner circle calls',
      authorId: author.id,
      isPremium: true,
      premiumCost: 25,
      isSisterThread: true,
      parentThreadId: thread.id,
      hasUnlockableContent: false,
    });
  });

  it('opens to whoever unlocks the parent, and the unlock answer names it', async () => {
    const { thread } = await withSister();
    const sisterId = thread.sisterThreadId as number;
    const { user, client } = await createMember(app);
    await grantCoins(app, user.id, 25);
    expect((await client.call(api.thread, { params: { id: sisterId } })).statusCode).toBe(402);
    const response = await unlock(client, thread.id);
    expect(response.json()).toMatchObject({ sisterThreadId: sisterId });
    const sister = await client.call(api.thread, { params: { id: sisterId } });
    expect(sister.json()).toMatchObject({
      content: 'Inner circle calls',
      userHasAccess: true,
      parentThreadId: thread.id,
    });
    await expect
      .poll(async () => (await client.call(api.unlockedContent)).json().threadIds)
      .toEqual(expect.arrayContaining([thread.id, sisterId]));
    await expectLedgerReconciles(app);
  });

  it('bought directly is the same purchase as unlocking the parent: one price, never twice', async () => {
    const { author, thread } = await withSister();
    const sisterId = thread.sisterThreadId as number;
    const { user, client } = await createMember(app);
    await grantCoins(app, user.id, 100);
    const bought = await client.call(api.spendCoins, {
      body: { amount: 25, referenceId: sisterId, referenceType: 'thread' },
    });
    expect(bought.statusCode).toBe(200);
    expect((await client.call(api.checkUnlocked, { params: { id: thread.id } })).json().isUnlocked).toBe(true);
    expect((await unlock(client, thread.id)).statusCode).toBe(409);
    expect(await balanceOf(app, user.id)).toBe(75);
    // The author is credited just after the answer (purchases.ts): the work the app tracks.
    await app.settled();
    expect(await balanceOf(app, author.id)).toBe(25);
    const listed = (await client.call(api.threads)).json().find((t: Thread) => t.id === sisterId);
    expect(listed).toMatchObject({ content: 'Inner circle calls', userHasAccess: true });
    await expectLedgerReconciles(app);
  });

  it('needs sister content or a premium discussion to be created', async () => {
    const { user, client } = await createMember(app);
    const response = await client.call(api.createThread, {
      body: {
        title: 'T',
        content: 'C',
        categoryId: (await aThread(app, user)).categoryId,
        hasUnlockableContent: true,
        unlockableType: 'premium_thread',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Premium discussion content is required');
  });
});
