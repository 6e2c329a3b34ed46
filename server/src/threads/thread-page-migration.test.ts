import { api, type Post } from '@enclave/protocol';
import { Types } from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { internalId } from '../db/ids.ts';
import { MIGRATIONS } from '../db/migration-list.ts';
import { runMigrations } from '../db/migrations.ts';
import { repliesSince } from '../posts/reply-counts.ts';
import { reply } from '../posts/service.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aThread } from '../test/forum.ts';
import type { UserRecord } from '../users/user-model.ts';

/**
 * A database written in the layout before replies and holdings were keyed (as the bench's dataset
 * writes it, straight through the collections, with the old unique indexes), converted by a fresh
 * start: the routes show the same pages, counts and holdings, and a second run changes nothing.
 */
let before: App;
let app: App;
let author: UserRecord;
let buyer: { user: UserRecord; client: TestClient };
let participant: { user: UserRecord; client: TestClient };
let outsider: { user: UserRecord; client: TestClient };
const threads = { plain: 0, premium: 0, parent: 0, groupBuy: 0 };
let sisterId: number;

const legacyPost = (id: number, threadId: number, authorId: number, minutesAgo: number) => {
  const at = new Date(Date.now() - minutesAgo * 60_000);
  return { _id: internalId(id), id, threadId, authorId, content: `Legacy reply ${id}`, createdAt: at, updatedAt: at };
};

const legacyPosts = () => [
  legacyPost(1, threads.plain, author.id, 50),
  legacyPost(2, threads.premium, buyer.user.id, 40),
  legacyPost(4, threads.plain, buyer.user.id, 30),
  legacyPost(5, threads.plain, author.id, 20),
];

beforeAll(async () => {
  before = await createTestApp();
  ({ user: author } = await createMember(before));
  buyer = await createMember(before);
  participant = await createMember(before);
  outsider = await createMember(before);
  threads.plain = (await aThread(before, author)).id;
  threads.premium = (await aThread(before, author, { isPremium: true, premiumCost: 10 })).id;
  const parent = await aThread(before, author, {
    hasUnlockableContent: true,
    unlockableCost: 5,
    unlockableType: 'premium_thread',
    unlockableContent: 'Sister content',
  });
  threads.parent = parent.id;
  sisterId = parent.sisterThreadId as number;
  threads.groupBuy = (
    await aThread(before, author, { isGroupBuy: true, groupBuyParticipantsRequired: 1, groupBuyContributionAmount: 5 })
  ).id;

  const { Post, Thread, Entitlement, GroupBuyPlace, GroupBuyOutcome, Migration } = before.models;
  // Today's layout: the old unique indexes, and threads without reply hints.
  await Post.collection.createIndex({ id: 1 }, { unique: true });
  await Entitlement.collection.createIndex({ threadId: 1, userId: 1, kind: 1 }, { unique: true });
  await GroupBuyPlace.collection.createIndex({ threadId: 1, userId: 1 }, { unique: true });
  await GroupBuyOutcome.collection.createIndex({ threadId: 1 }, { unique: true });
  await Thread.collection.updateMany({}, { $unset: { replyCount: '', lastReplyAt: '' } });
  // Reply 3 was deleted (by a moderator, back then): ids have a gap.
  await Post.collection.insertMany(legacyPosts() as never[]);
  const now = new Date();
  await Entitlement.collection.insertMany([
    { _id: new Types.ObjectId(), threadId: threads.premium, userId: buyer.user.id, kind: 'purchase', createdAt: now },
    { _id: new Types.ObjectId(), threadId: threads.parent, userId: buyer.user.id, kind: 'unlock', createdAt: now },
  ] as never[]);
  await GroupBuyPlace.collection.insertMany([
    { _id: new Types.ObjectId(), threadId: threads.groupBuy, place: 1, userId: participant.user.id, createdAt: now },
    // A refunded contribution: a void place.
    {
      _id: new Types.ObjectId(),
      threadId: threads.groupBuy,
      place: -outsider.user.id,
      userId: outsider.user.id,
      createdAt: now,
    },
  ] as never[]);
  await GroupBuyOutcome.collection.insertOne({
    _id: new Types.ObjectId(),
    threadId: threads.groupBuy,
    completedAt: now,
  } as never);
  await Migration.deleteMany({});

  // A fresh start on that database converts it.
  app = await createTestApp({}, before.config.database);
  buyer.client = Object.assign(new TestClient(app), { cookie: buyer.client.cookie });
  participant.client = Object.assign(new TestClient(app), { cookie: participant.client.cookie });
  outsider.client = Object.assign(new TestClient(app), { cookie: outsider.client.cookie });
});

async function expectConverted() {
  const visitor = new TestClient(app);
  const page: Post[] = (await visitor.call(api.posts, { params: { id: threads.plain } })).json();
  expect(page.map((post) => [post.number, post.id, post.content])).toEqual([
    [1, 1, 'Legacy reply 1'],
    [2, 4, 'Legacy reply 4'],
    [3, 5, 'Legacy reply 5'],
  ]);
  const later: Post[] = (
    await visitor.call(api.posts, { params: { id: threads.plain }, query: { after: '1' } })
  ).json();
  expect(later.map((post) => post.id)).toEqual([4, 5]);
  expect((await visitor.call(api.thread, { params: { id: threads.plain } })).json()).toMatchObject({ replyCount: 3 });
  const hints = await app.models.Thread.findOne({ id: threads.plain }).lean();
  expect(hints).toMatchObject({ replyCount: 3, lastReplyAt: expect.any(Date) });
  expect(await app.models.Thread.findOne({ id: threads.groupBuy }).lean()).toMatchObject({ replyCount: 0 });

  const premium = await buyer.client.call(api.posts, { params: { id: threads.premium } });
  expect(premium.json().map((post: Post) => post.id)).toEqual([2]);
  expect((await outsider.client.call(api.posts, { params: { id: threads.premium } })).statusCode).toBe(402);
  expect((await buyer.client.call(api.thread, { params: { id: sisterId } })).statusCode).toBe(200);
  expect((await buyer.client.call(api.unlockedContent)).json()).toEqual({
    threadIds: [threads.premium, threads.parent, sisterId].sort((a, b) => a - b),
  });
  expect((await participant.client.call(api.unlockedContent)).json()).toEqual({ threadIds: [threads.groupBuy] });

  const status = (client: TestClient) => client.call(api.groupBuyStatus, { params: { id: threads.groupBuy } });
  expect((await status(participant.client)).json()).toMatchObject({
    isCompleted: true,
    isParticipant: true,
    current: 1,
    content: 'GROUP-BUY-CONTENT',
  });
  expect((await status(outsider.client)).json()).toMatchObject({ isParticipant: false, current: 1, content: null });
  expect(await repliesSince(app, null)).toBe(5);
}

describe('the migration to keyed replies and holdings', () => {
  it('shows the same pages, counts and holdings through the routes', async () => {
    await expectConverted();
    const indexes = (await app.models.Post.collection.indexes()).map((index) => index.name);
    expect(indexes).not.toContain('id_1');
  });

  it('changes nothing when run again, and new replies follow the old ones', async () => {
    const count = async () => ({
      posts: await app.models.Post.countDocuments({}),
      holdings: await app.models.Holding.countDocuments({}),
      places: await app.models.GroupBuyPlace.countDocuments({}),
      entitlements: await app.models.Entitlement.countDocuments({}),
      completions: await app.models.GroupBuyOutcome.countDocuments({}),
    });
    const first = await count();
    expect(first).toEqual({ posts: 4, holdings: 3, places: 2, entitlements: 2, completions: 1 });
    await app.models.Migration.deleteMany({});
    // As if the first run had crashed before deleting the old documents.
    await app.models.Post.collection.insertMany(legacyPosts() as never[]);
    await runMigrations(app, MIGRATIONS);
    expect(await count()).toEqual(first);
    await expectConverted();

    const next = await reply(app, author, threads.plain, 'A new reply');
    expect([next.id, next.number]).toEqual([6, 4]);
  });
});
