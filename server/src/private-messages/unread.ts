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

/**
 * The summary the inbox gives now, from the watermark of `from` onwards. One round of reads at once:
 * a probe past the expected head (the stored one, or `hint`, a number known to exist), the items up
 * to it a bucket at a time, and the buckets' repair markers; more only when messages came since.
 */
async function summarize(
  app: FastifyInstance,
  memberId: number,
  from: UnreadSummary,
  hint: number,
): Promise<UnreadSummary> {
  const list = inboxOf(memberId);
  const Box = app.models.MessageBoxItem;
  const expected = Math.max(from.head, hint);
  let [newer, items, repairing] = await Promise.all([
    itemExists(app, list, expected + 1),
    readRange(app, Box, list, from.watermark + 1, expected, expected),
    bucketsUnderRepair(app, list, from.watermark + 1, expected),
  ]);
  let head = expected;
  if (newer) {
    head = await headOf(app, Box, list);
    const [more, alsoRepairing] = await Promise.all([
      readRange(app, Box, list, expected + 1, head, head),
      bucketsUnderRepair(app, list, expected + 1, head),
    ]);
    items = [...items, ...more];
    repairing = new Set([...repairing, ...alsoRepairing]);
  }
  items = await confirmUnread(app, list, items, repairing);
  const firstUnread = items.findIndex(isUnread);
  return {
    watermark: firstUnread === -1 ? head : from.watermark + firstUnread,
    head,
    count: items.filter(isUnread).length,
  };
}

const bucketOf = (n: number) => Math.floor((n - 1) / BUCKET);

async function bucketsUnderRepair(app: FastifyInstance, list: string, from: number, to: number): Promise<Set<number>> {
  if (to < from) return new Set();
  const buckets = Array.from({ length: bucketOf(to) - bucketOf(from) + 1 }, (_, i) => bucketOf(from) + i);
  const marked = await Promise.all(
    buckets.map(async (bucket) =>
      (await app.models.ListRepair.exists({ _id: bucketKey(list, bucket) })) ? bucket : null,
    ),
  );
  return new Set(marked.filter((bucket) => bucket !== null));
}

/**
 * A bucket under repair (a rewrite in flight, or one that gave up under contention and left its
 * marker) may show a read message as unread: those items are read again by key, the truth. A read
 * is never undone, so a bucket that shows an item read is right about it.
 */
async function confirmUnread(
  app: FastifyInstance,
  list: string,
  items: BoxItem[],
  repairing: Set<number>,
): Promise<BoxItem[]> {
  if (repairing.size === 0) return items;
  return Promise.all(
    items.map(async (item) =>
      repairing.has(bucketOf(item.n)) && isUnread(item)
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
 * not started yet serves every change made before it starts. `hint`: an inbox number known to exist.
 */
export function refreshUnread(app: FastifyInstance, memberId: number, hint = 0): Promise<number> {
  const queue = queuesOf(app);
  const waiting = queue.waiting.get(memberId);
  if (waiting) return waiting;
  const previous = queue.running.get(memberId) ?? Promise.resolve(0);
  const task: Promise<number> = previous
    .catch(() => 0)
    .then(() => {
      queue.waiting.delete(memberId);
      queue.running.set(memberId, task);
      return recompute(app, memberId, hint);
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

async function recompute(app: FastifyInstance, memberId: number, hint: number): Promise<number> {
  let stored = await readSummary(app, memberId);
  let written = stored;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    written = await summarize(app, memberId, stored, hint);
    await app.models.UnreadSummary.replaceOne({ _id: String(memberId) }, written, { upsert: true });
    // Verified when the summary is still ours and the inbox still gives it, both read at once.
    const [after, again] = await Promise.all([readSummary(app, memberId), summarize(app, memberId, written, 0)]);
    if (same(after, written) && same(again, written)) return written.count;
    stored = after;
  }
  // Still changing after all these rounds: the changes' own refreshes finish the job.
  return written.count;
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
