import { type AdminStats, STATS_RANGE_DEFAULT, type StatsRange } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';

const DAY_MS = 24 * 60 * 60 * 1000;
const RANGE_DAYS: Record<Exclude<StatsRange, 'all'>, number> = { '1d': 1, '7d': 7, '30d': 30, '90d': 90 };

export function rangeStart(range: StatsRange, now = new Date()): Date | null {
  return range === 'all' ? null : new Date(now.getTime() - RANGE_DAYS[range] * DAY_MS);
}

/** Spec 001 §2's cards: members and threads from the read models, replies and coins by key, never kept in counters. */
export async function adminStats(app: FastifyInstance, range: StatsRange = STATS_RANGE_DEFAULT): Promise<AdminStats> {
  const since = rangeStart(range);
  const inRange = since ? { createdAt: { $gte: since } } : {};
  // A purchase from another member is one transaction: its seller's credit ('sale') is the same movement.
  const movements = { type: { $ne: 'sale' as const }, ...inRange };
  const { Post, LedgerEntry } = app.models;
  const [totalUsers, newUsers, totalThreads, newThreads, totalPosts, newPosts, totalTransactions, sold] =
    await Promise.all([
      app.members.count(null),
      app.members.count(since),
      app.forum.count(null),
      app.forum.count(since),
      Post.countDocuments(),
      Post.countDocuments(inRange),
      LedgerEntry.countDocuments(movements),
      LedgerEntry.aggregate<{ coins: number }>([
        { $match: { type: 'coin_purchase', ...inRange } },
        { $group: { _id: null, coins: { $sum: '$amount' } } },
      ]),
    ]);
  return {
    range,
    since: since?.toISOString() ?? null,
    totalUsers,
    newUsers,
    totalThreads,
    newThreads,
    totalPosts,
    newPosts,
    totalTransactions,
    totalCoins: sold[0]?.coins ?? 0,
  };
}
