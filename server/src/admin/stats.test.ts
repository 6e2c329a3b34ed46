import { type AdminStats, api } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { replyModels } from '../replies/models.ts';
import { REPLY_IDS } from '../replies/reply-model.ts';
import { reply } from '../replies/service.ts';
import { byNumericId, itemKey } from '../storage/index.ts';
import { createTestApp } from '../test/app.ts';
import type { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aThread } from '../test/forum.ts';
import { expectLedgerReconciles } from '../test/reconcile.ts';
import { threadModels } from '../threads/models.ts';
import { deleteThread } from '../threads/moderation.ts';
import { userModels } from '../users/models.ts';
import { move, pay } from '../wallet/ledger.ts';
import { walletModels } from '../wallet/models.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

let app: App;
let moderator: TestClient;

/** A known world: some of everything now, some of it long ago, and things that must not count. */
beforeAll(async () => {
  app = await createTestApp();
  moderator = (await createMember(app, { isModerator: true })).client;
  const { user: alice } = await createMember(app);
  const { user: bob } = await createMember(app);
  const { user: old } = await createMember(app);
  await userModels(app).User.collection.updateOne({ id: old.id }, { $set: { createdAt: daysAgo(10) } });
  app.changes.tell({ kind: 'member', id: old.id });
  // Four live accounts: the moderator, alice, bob and an old one; a deleted account does not count.
  const { user: gone } = await createMember(app);
  await userModels(app).User.updateOne(byNumericId(gone.id), { $set: { deletedAt: new Date() } });
  app.changes.tell({ kind: 'member', id: gone.id });

  const first = await aThread(app, alice);
  await aThread(app, alice);
  const older = await aThread(app, alice);
  await threadModels(app).Thread.collection.updateOne({ id: older.id }, { $set: { createdAt: daysAgo(40) } });
  app.changes.tell({ kind: 'thread', id: older.id });
  await aThread(app, alice, {
    hasUnlockableContent: true,
    unlockableType: 'premium_thread',
    unlockableCost: 5,
    sisterContent: 'The premium part',
  });
  await deleteThread(app, alice, (await aThread(app, alice)).id);

  // What is backdated is written first, as time would have written it: stats search the reply ids and the
  // movements by time, which only ever grow.
  const ancient = await reply(app, bob, first.id, 'From long ago');
  const longAgo = { $set: { createdAt: daysAgo(100) } };
  await replyModels(app).Reply.collection.updateOne({ id: ancient.id }, longAgo);
  await replyModels(app).ReplyRef.collection.updateOne({ _id: itemKey(REPLY_IDS, ancient.id) } as never, longAgo);
  await reply(app, bob, first.id, 'First!');
  await reply(app, bob, first.id, 'Second!');

  await move(app, { account: bob.id, amount: 500, key: 'stats:buy:2', type: 'coin_purchase' });
  // Its place in the movements list is written just after it answers.
  await app.settled();
  const monthsAgo = { $set: { createdAt: daysAgo(45) } };
  await walletModels(app).LedgerEntry.collection.updateOne({ key: 'stats:buy:2' }, monthsAgo);
  await walletModels(app).Movement.collection.updateOne({ key: 'stats:buy:2' }, monthsAgo);
  await move(app, { account: alice.id, amount: 1000, key: 'stats:buy:1', type: 'coin_purchase' });
  await move(app, { account: bob.id, amount: 200, key: 'stats:grant', type: 'admin_grant' });
  await pay(app, {
    buyer: alice.id,
    seller: bob.id,
    amount: 100,
    key: 'stats:premium',
    type: 'premium_purchase',
    reference: `thread:${first.id}`,
  });
  await expectLedgerReconciles(app);
});

const stats = async (range?: string): Promise<AdminStats> => {
  const response = await moderator.call(api.adminStats, range ? { query: { range } } : {});
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('the console stats (GET /api/admin/stats)', () => {
  it('counts what exists, and what is new in the range (7 days by default)', async () => {
    const week = await stats();
    expect(week).toMatchObject({
      range: '7d',
      totalUsers: 4,
      newUsers: 3,
      totalThreads: 4,
      newThreads: 3,
      totalPosts: 3,
      newPosts: 2,
      totalTransactions: 3,
      totalCoins: 1000,
    });
    expect(Date.now() - Date.parse(week.since as string)).toBeGreaterThanOrEqual(7 * DAY_MS);
  });

  it('moves with the range', async () => {
    expect(await stats('1d')).toMatchObject({
      newUsers: 3,
      newThreads: 3,
      newPosts: 2,
      totalTransactions: 3,
      totalCoins: 1000,
    });
    expect(await stats('30d')).toMatchObject({
      newUsers: 4,
      newThreads: 3,
      newPosts: 2,
      totalTransactions: 3,
      totalCoins: 1000,
    });
    expect(await stats('90d')).toMatchObject({
      newUsers: 4,
      newThreads: 4,
      newPosts: 2,
      totalTransactions: 4,
      totalCoins: 1500,
    });
    expect(await stats('all')).toMatchObject({
      since: null,
      totalUsers: 4,
      newUsers: 4,
      totalThreads: 4,
      newThreads: 4,
      totalPosts: 3,
      newPosts: 3,
      totalTransactions: 4,
      totalCoins: 1500,
    });
  });

  it('follows threads and members that come and go after it was first read', async () => {
    const before = await stats('all');
    const { user: carol } = await createMember(app);
    const thread = await aThread(app, carol);
    expect(await stats('all')).toMatchObject({
      totalUsers: before.totalUsers + 1,
      totalThreads: before.totalThreads + 1,
    });

    await deleteThread(app, carol, thread.id);
    await userModels(app).User.updateOne(byNumericId(carol.id), { $set: { deletedAt: new Date() } });
    app.changes.tell({ kind: 'member', id: carol.id });
    expect(await stats('1d')).toMatchObject({ totalUsers: before.totalUsers, totalThreads: before.totalThreads });
  });

  it('refuses an unknown range', async () => {
    expect((await moderator.call(api.adminStats, { query: { range: '2d' } })).statusCode).toBe(400);
  });
});
