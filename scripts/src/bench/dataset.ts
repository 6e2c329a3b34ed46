import { internalId } from '@enclave/server/db/ids.ts';
import { repliesByKey } from '@enclave/server/posts/replies-by-key-migration.ts';
import type { FastifyInstance } from 'fastify';

export const MEMBERS = 500;
export const THREADS = 1000;
export const REPLIES = 10_000;
const CATEGORIES = 8;

/** The group-buy thread every watcher follows; its organiser is member 1. */
export const GROUP_BUY_THREAD = THREADS + 1;
export const GROUP_BUY_CONTRIBUTORS = [2, 3, 4, 5, 6];

/** Inserts straight through the models (with the `_id`s insertWithId would give): the database is fresh, so ids are sequential from 1. */
export async function insertDataset(app: FastifyInstance): Promise<void> {
  const { Category, User, Thread, Post, LedgerEntry } = app.models;
  const now = new Date();
  await Category.insertMany(
    Array.from({ length: CATEGORIES }, (_, i) => ({
      _id: internalId(i + 1),
      id: i + 1,
      name: `Category ${i + 1}`,
      description: `Benchmark category ${i + 1}`,
      icon: 'chat',
      color: '#3366cc',
    })),
  );
  await User.insertMany(
    Array.from({ length: MEMBERS }, (_, i) => ({
      _id: internalId(i + 1),
      id: i + 1,
      username: `member${i + 1}`,
      usernameKey: `member${i + 1}`,
      email: `member${i + 1}@bench.local`,
      // Nobody signs in with a password here: sessions are signed directly.
      passwordHash: 'bench-no-password',
      isEmailVerified: true,
    })),
  );
  const threads = Array.from({ length: THREADS }, (_, i) => ({
    _id: internalId(i + 1),
    id: i + 1,
    title: `Benchmark thread ${i + 1}`,
    content: `Opening post of thread ${i + 1}. `.repeat(8),
    authorId: (i % MEMBERS) + 1,
    categoryId: (i % CATEGORIES) + 1,
    tags: ['bench'],
    isApproved: true,
    approvedBy: 1,
    approvedAt: now,
  }));
  threads.push({
    ...threads[0],
    _id: internalId(GROUP_BUY_THREAD),
    id: GROUP_BUY_THREAD,
    title: 'Benchmark group buy',
    authorId: 1,
    isGroupBuy: true,
    groupBuyParticipantsRequired: 1000,
    groupBuyContributionAmount: 1,
    groupBuyContent: 'Benchmark reward',
  } as (typeof threads)[number]);
  await Thread.insertMany(threads);
  for (let start = 0; start < REPLIES; start += 2000) {
    await Post.collection.insertMany(
      Array.from({ length: 2000 }, (_, k) => {
        const i = start + k;
        return {
          _id: internalId(i + 1),
          id: i + 1,
          threadId: (i % THREADS) + 1,
          authorId: ((i * 7) % MEMBERS) + 1,
          content: `Reply ${i + 1}: a benchmark reply of ordinary length.`,
          createdAt: now,
          updatedAt: now,
        };
      }),
    );
  }
  // Written as replies were stored before they were keyed, then converted as a start would convert them.
  await repliesByKey.run(app, () => undefined);
  await LedgerEntry.insertMany(
    GROUP_BUY_CONTRIBUTORS.map((account) => ({
      account,
      seq: 1,
      amount: 100,
      balanceAfter: 100,
      key: `bench:grant:${account}`,
      type: 'admin_grant',
      createdAt: now,
    })),
  );
}
