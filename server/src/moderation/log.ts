import { randomUUID } from 'node:crypto';
import { LIMITS, type ModerationLogEntry, type ModerationLogQuery } from '@enclave/protocol';
import type { Model } from 'mongoose';
import {
  append,
  type Database,
  findAllByNumericId,
  headOf,
  importIdLists,
  insertWithId,
  intent,
  isDuplicateKey,
  listId,
  type Migration,
  readItem,
  readRange,
  type StorageContext,
} from '../storage/index.ts';
import type { NamingContext } from './context.ts';
import { moderationModels } from './models.ts';
import { type ModerationLogItem, type ModerationLogRecord, moderationLogList } from './moderation-log-model.ts';
import { presentLogEntries } from './presenter.ts';

/** Who acts in an admin command: the operator at the server's console, no member (id 0 is never a member's). */
export const OPERATOR = { id: 0 } as const;

export type ModerationEntry = Pick<ModerationLogRecord, 'actorId' | 'action' | 'targetType'> &
  Partial<Pick<ModerationLogRecord, 'targetId' | 'reason' | 'details'>>;

const items = (app: Database) => moderationModels(app).ModerationLogItem as unknown as Model<ModerationLogItem>;

/**
 * An entry being listed, under a key it also carries: recorded before the entry, done once it is in both its lists.
 * A crash between leaves it, and the start-up sweep finds the entry by that key (the one search, and a rare one).
 */
export const logListing = intent<{ key: string }, StorageContext>('moderation-log-listing', async (app, { key }) => {
  const entry = await moderationModels(app).ModerationLog.findOne({ listing: key }).lean<ModerationLogRecord>();
  if (entry) await listEntry(app, entry);
});

/** Lists the entry in the whole log and in its action's (once each: a second listing is refused by its `entry`). */
async function listEntry(app: StorageContext, entry: Pick<ModerationLogRecord, 'id' | 'action'>): Promise<void> {
  await Promise.all(
    [moderationLogList(), moderationLogList(entry.action)].map(async (list) => {
      try {
        await append(app, items(app), list, () => ({ logId: entry.id, entry: `${list}/${entry.id}` }));
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
    }),
  );
}

/** Records a moderation action after it took effect. Every domain that moderates calls this. */
export async function logModeration(app: StorageContext, entry: ModerationEntry): Promise<ModerationLogRecord> {
  const listing = randomUUID();
  await logListing.begin(app, listing, { key: listing });
  const record = await insertWithId(
    moderationModels(app).ModerationLog,
    {
      actorId: entry.actorId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId ?? null,
      reason: entry.reason?.trim() || null,
      details: entry.details ?? null,
      createdAt: new Date(),
      listing,
    },
    { deletedOutright: true },
  );
  await listEntry(app, record);
  await logListing.done(app, listing);
  return record;
}

/**
 * The last position of `list` (of `head` items) whose entry is older than `before`: ids grow along a list, so back
 * from the head by doubling steps, then a binary search, by point reads. A page near the newest (the usual one) costs
 * a few reads; any page costs some 2 log2(its distance from the head).
 */
async function lastBefore(app: Database, list: string, head: number, before: number): Promise<number> {
  const isOlder = async (n: number) => ((await readItem(items(app), list, n))?.logId ?? 0) < before;
  let high = head; // candidates are 0..high; positions above high hold entries at or after `before`
  let step = 1;
  while (high > 0 && !(await isOlder(high))) {
    high = Math.max(0, high - step);
    step *= 2;
  }
  let low = high;
  high = Math.min(head, high + step);
  // low holds an older entry (or is 0); the answer is in low..high.
  while (high > low) {
    const mid = Math.ceil((low + high) / 2);
    if (await isOlder(mid)) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * A page of the log, newest first, of one action or all: read back from its list's head, or from the entry before
 * `before`, a page at a time (an entry withdrawn after its listing is gone from the log, and skipped).
 */
export async function moderationLog(
  app: StorageContext & NamingContext,
  query: ModerationLogQuery,
): Promise<ModerationLogEntry[]> {
  const list = moderationLogList(query.action);
  const limit = query.limit ?? LIMITS.pageSizeMax;
  const head = await headOf(app, items(app), list);
  const entries: ModerationLogRecord[] = [];
  let last = query.before === undefined ? head : await lastBefore(app, list, head, query.before);
  while (last >= 1 && entries.length < limit) {
    const first = Math.max(1, last - (limit - entries.length) + 1);
    const page = (await readRange(app, items(app), list, first, last, head)).reverse();
    const found = new Map(
      (
        await findAllByNumericId(
          moderationModels(app).ModerationLog,
          page.map((item) => item.logId),
        )
      ).map((entry) => [entry.id, entry] as const),
    );
    for (const item of page) {
      const entry = found.get(item.logId);
      if (entry && (query.before === undefined || entry.id < query.before)) entries.push(entry);
    }
    last = first - 1;
  }
  return presentLogEntries(app, entries.slice(0, limit));
}

/**
 * Takes back the log entry of an action that was logged first (its entry's id is part of it) and then did not take
 * effect: the log never claims what did not happen. Only for an entry its caller has just written; its list items
 * stay, naming an entry no longer there.
 */
export async function withdrawModerationEntry(app: Database, id: number): Promise<void> {
  await moderationModels(app).ModerationLog.deleteOne({ id });
}

/**
 * The lists for a log written before them: every entry, read once (a scan, at start, once), listed in id order.
 * Idempotent (`importList` keeps what is stored), and the app serves only after it.
 */
export const moderationLogMigration: Migration = {
  name: 'moderation-log-lists',
  async run(app, progress) {
    const entries = await moderationModels(app)
      .ModerationLog.find({}, { id: 1, action: 1 })
      .sort({ id: 1 })
      .lean<Pick<ModerationLogRecord, 'id' | 'action'>[]>();
    const lists = new Map<string, number[]>([[moderationLogList(), entries.map((entry) => entry.id)]]);
    for (const { id, action } of entries) listId(lists, moderationLogList(action), id);
    await importIdLists(
      app,
      items(app),
      lists,
      (list, logId) => ({ logId, entry: `${list}/${logId}` }),
      (done) => progress(done, entries.length * 2),
    );
  },
};
