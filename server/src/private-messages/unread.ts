import type { FastifyInstance } from 'fastify';
import { Schema } from 'mongoose';
import { BUCKET, bucketKey, headOf, itemKey, readItem, readRange } from '../db/keyed-list.ts';
import { type BoxItem, inboxOf, isUnread } from './message-model.ts';

/**
 * A member's unread count, read by key: `count` unread messages among inbox items `watermark+1..head`,
 * every item up to `watermark` being read or removed (an item never becomes unread again, so a
 * watermark stays true however old). Written by whoever changed the inbox, then verified (see refreshUnread).
 */
export const unreadSummarySchema = new Schema(
  {
    _id: String,
    watermark: { type: Number, required: true },
    head: { type: Number, required: true },
    count: { type: Number, required: true },
  },
  { versionKey: false },
);

export interface UnreadSummary {
  watermark: number;
  head: number;
  count: number;
}

const NONE: UnreadSummary = { watermark: 0, head: 0, count: 0 };

const readSummary = async (app: FastifyInstance, memberId: number): Promise<UnreadSummary> =>
  (await app.models.UnreadSummary.findById(String(memberId)).lean<UnreadSummary>()) ?? NONE;

const itemExists = async (app: FastifyInstance, list: string, n: number) =>
  (await app.models.MessageBoxItem.exists({ _id: itemKey(list, n) })) !== null;

/** The summary the inbox gives now, from the watermark of `from` onwards: a few bucket reads. */
async function summarize(app: FastifyInstance, memberId: number, from: UnreadSummary): Promise<UnreadSummary> {
  const list = inboxOf(memberId);
  // The stored head is a hint: usually one probe says nothing came since.
  const head = (await itemExists(app, list, from.head + 1))
    ? await headOf(app, app.models.MessageBoxItem, list)
    : from.head;
  const items = await truthOf(
    app,
    list,
    await readRange(app, app.models.MessageBoxItem, list, from.watermark + 1, head, head),
  );
  const firstUnread = items.findIndex(isUnread);
  return {
    watermark: firstUnread === -1 ? head : from.watermark + firstUnread,
    head,
    count: items.filter(isUnread).length,
  };
}

/**
 * A bucket under repair (a rewrite in flight, or one that gave up under contention and left its
 * marker) may show a read message as unread: those items are read again by key, the truth. A read
 * is never undone, so a bucket that shows an item read is right about it.
 */
async function truthOf(app: FastifyInstance, list: string, items: BoxItem[]): Promise<BoxItem[]> {
  const buckets = [...new Set(items.map((item) => Math.floor((item.n - 1) / BUCKET)))];
  const marked = await Promise.all(
    buckets.map(async (bucket) =>
      (await app.models.ListRepair.exists({ _id: bucketKey(list, bucket) })) ? bucket : null,
    ),
  );
  const repairing = new Set(marked.filter((bucket) => bucket !== null));
  if (repairing.size === 0) return items;
  return Promise.all(
    items.map(async (item) =>
      repairing.has(Math.floor((item.n - 1) / BUCKET)) && isUnread(item)
        ? ((await readItem(app.models.MessageBoxItem, list, item.n)) ?? item)
        : item,
    ),
  );
}

const same = (a: UnreadSummary, b: UnreadSummary) =>
  a.watermark === b.watermark && a.head === b.head && a.count === b.count;

const ATTEMPTS = 20;

/**
 * Recomputes and stores the member's unread count after a change to their inbox (a message in, a
 * read, a removal), and answers it. FerretDB has no atomic `$inc`, so the summary is written whole
 * and then verified: the inbox is read again and, if it changed meanwhile (another message, another
 * read, another process), written again. Every change is followed by its own refresh, so the last
 * writer always leaves the truth. Refreshes of one member within a process share a queue, and one
 * not started yet serves every change made before it starts.
 */
export function refreshUnread(app: FastifyInstance, memberId: number): Promise<number> {
  const queue = queuesOf(app);
  const waiting = queue.waiting.get(memberId);
  if (waiting) return waiting;
  const previous = queue.running.get(memberId) ?? Promise.resolve(0);
  const task: Promise<number> = previous
    .catch(() => 0)
    .then(() => {
      queue.waiting.delete(memberId);
      queue.running.set(memberId, task);
      return recompute(app, memberId);
    })
    .finally(() => {
      if (queue.running.get(memberId) === task) queue.running.delete(memberId);
    });
  queue.waiting.set(memberId, task);
  return task;
}

interface Queues {
  waiting: Map<number, Promise<number>>;
  running: Map<number, Promise<number>>;
}
const queues = new WeakMap<FastifyInstance, Queues>();
function queuesOf(app: FastifyInstance): Queues {
  let queue = queues.get(app);
  if (!queue) {
    queue = { waiting: new Map(), running: new Map() };
    queues.set(app, queue);
  }
  return queue;
}

async function recompute(app: FastifyInstance, memberId: number): Promise<number> {
  let written: UnreadSummary | null = null;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const stored = await readSummary(app, memberId);
    const now = await summarize(app, memberId, stored);
    if (written && same(now, written) && same(stored, written)) return now.count;
    await app.models.UnreadSummary.replaceOne({ _id: String(memberId) }, now, { upsert: true });
    written = now;
  }
  // Still changing after all these rounds: the changes' own refreshes finish the job.
  return written?.count ?? 0;
}

/**
 * Received and still unread; the member's own sent messages never count. Two point reads: the
 * summary, and a probe past its head in case a delivery stopped before its refresh (then refreshed).
 */
export async function unreadCountOf(app: FastifyInstance, memberId: number): Promise<number> {
  const summary = await readSummary(app, memberId);
  if (await itemExists(app, inboxOf(memberId), summary.head + 1)) return refreshUnread(app, memberId);
  return summary.count;
}
