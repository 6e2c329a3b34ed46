import { type ActivityEntry, type ActivityPage, LIMITS } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import type { Model } from 'mongoose';
import {
  appendMonthly,
  type Database,
  headOf,
  monthlyList,
  monthsSince,
  readRange,
  recordAt,
  recordIdOf,
  removeOwnerRecords,
  type StorageContext,
} from '../storage/index.ts';
import { ACTIVITY, type ActivityItem } from './activity-model.ts';
import { activityModels } from './models.ts';

export type NewActivity = Pick<ActivityItem, 'kind'> &
  Partial<Pick<ActivityItem, 'client' | 'coins' | 'detail' | 'threadId'>>;

const DAY_MS = 24 * 60 * 60 * 1000;

const entries = (app: Database) => activityModels(app).ActivityItem as unknown as Model<ActivityItem>;

/** Adds an entry, dated now, to the member's log. */
export function recordActivity(app: FastifyInstance, userId: number, activity: NewActivity): Promise<ActivityItem> {
  return appendMonthly<ActivityItem>(app, ACTIVITY, userId, () => ({
    userId,
    kind: activity.kind,
    at: new Date(),
    client: activity.client ?? null,
    coins: activity.coins ?? null,
    detail: activity.detail ?? null,
    threadId: activity.threadId ?? null,
  }));
}

function present(item: ActivityItem): ActivityEntry {
  return {
    id: recordIdOf(item),
    kind: item.kind,
    at: item.at.toISOString(),
    client: item.client,
    coins: item.coins,
    detail: item.detail,
    threadId: item.threadId,
  };
}

/**
 * A page of the member's log, newest first: the entries before `before` in its month's list, then the months
 * before it, a bucket at a time; none older than the retention, however long ago their month was swept.
 */
export async function readActivity(
  app: StorageContext,
  userId: number,
  { before, limit = LIMITS.activityPageSize }: { before?: string; limit?: number },
): Promise<ActivityPage> {
  const oldest = new Date(Date.now() - LIMITS.activityRetentionDays * DAY_MS);
  const start = before ? recordAt(ACTIVITY.prefix, userId, before) : null;
  const shown: ActivityItem[] = [];
  for (const month of monthsSince(oldest)) {
    if (before && month > before.slice(0, 7)) continue;
    const list = monthlyList(ACTIVITY.prefix, userId, month);
    const head = await headOf(app, entries(app), list);
    // One more than the page says whether an older page exists.
    let to = start?.list === list ? Math.min(head, start.n - 1) : head;
    while (shown.length <= limit && to >= 1) {
      const from = Math.max(1, to - (limit - shown.length));
      shown.push(...(await readRange(app, entries(app), list, from, to, head)).reverse());
      to = from - 1;
    }
    if (shown.length > limit || (shown.at(-1)?.at ?? oldest) < oldest) break;
  }
  const kept = shown.filter((item) => item.at >= oldest);
  const page = kept.slice(0, limit);
  return {
    entries: page.map(present),
    nextCursor: kept.length > limit ? recordIdOf(page.at(-1) as ActivityItem) : null,
  };
}

/** A deleted account's log goes with it, not at the end of its retention. */
export const forgetActivity = (app: FastifyInstance, userId: number) =>
  removeOwnerRecords(app, ACTIVITY, userId, LIMITS.activityRetentionDays);
