import { type AdminStats, STATS_RANGE_DEFAULT, type StatsRange } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { repliesSince } from '../replies/reply-counts.ts';
import { ledgerStats } from '../wallet/ledger.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const RANGE_DAYS: Record<Exclude<StatsRange, 'all'>, number> = { '1d': 1, '7d': 7, '30d': 30, '90d': 90 };

export function rangeStart(range: StatsRange, now = new Date()): Date | null {
  return range === 'all' ? null : new Date(now.getTime() - RANGE_DAYS[range] * DAY_MS);
}

/** Spec 001 §2's cards: members and threads from the read models, replies and coins by key, never kept in counters. */
export async function adminStats(app: FastifyInstance, range: StatsRange = STATS_RANGE_DEFAULT): Promise<AdminStats> {
  const since = rangeStart(range);
  // Coin transactions and coins sold are the range's (spec 001 §2's fourth card), as before.
  const [totalUsers, newUsers, totalThreads, newThreads, totalPosts, newPosts, coins] = await Promise.all([
    app.members.count(null),
    app.members.count(since),
    app.forum.count(null),
    app.forum.count(since),
    repliesSince(app, null),
    repliesSince(app, since),
    ledgerStats(app, since),
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
    totalTransactions: coins.totalTransactions,
    totalCoins: coins.totalCoins,
  };
}
