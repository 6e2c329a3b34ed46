import type { FastifyInstance } from 'fastify';
import type { Model, mongo } from 'mongoose';
import { deleteByIds } from '../db/ids.ts';
import { BUCKET, bucketKey, bucketOf, itemKey, packItem, raiseHead } from '../db/keyed-list.ts';
import { dropIndex, insertMissing, type Migration, writeAll } from '../db/migrations.ts';
import { type PostRecord, REPLY_IDS, type ReplyRefRecord, repliesList } from './post-model.ts';

/** A reply as stored before replies were keyed: its own document, found by thread and id. */
interface LegacyPost {
  _id: unknown;
  list?: undefined;
  id: number;
  threadId: number;
  authorId: number;
  content: string;
  createdAt?: Date;
  updatedAt?: Date;
}

const asModel = (model: unknown) => model as Model<never>;

function groupByThread<T extends { threadId: number }>(posts: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const post of posts) {
    const group = groups.get(post.threadId);
    if (group) group.push(post);
    else groups.set(post.threadId, [post]);
  }
  return groups;
}

/** A thread's replies in its keyed list: those a crashed run converted already, then the rest in id order. */
function keyedReplies(threadId: number, converted: PostRecord[], legacy: LegacyPost[], now: Date): PostRecord[] {
  const list = repliesList(threadId);
  const done = new Set(converted.map((post) => post.id));
  let n = converted.length;
  const fresh = legacy
    .filter((post) => !done.has(post.id))
    .map((post): PostRecord => {
      n += 1;
      return {
        _id: itemKey(list, n),
        list,
        n,
        id: post.id,
        threadId,
        authorId: post.authorId,
        content: post.content,
        createdAt: post.createdAt ?? now,
        updatedAt: post.updatedAt ?? post.createdAt ?? now,
        removedAt: null,
      };
    });
  return [...converted, ...fresh];
}

/** The buckets of a whole list, written as the keyed list writes them. */
function bucketsOf(list: string, items: PostRecord[]): { _id: string; items: mongo.Binary[] }[] {
  const buckets: { _id: string; items: mongo.Binary[] }[] = [];
  for (let start = 0; start < items.length; start += BUCKET) {
    buckets.push({
      _id: bucketKey(list, bucketOf(start + 1)),
      items: items.slice(start, start + BUCKET).map(packItem),
    });
  }
  return buckets;
}

/**
 * Moves every thread's replies into its keyed list (in id order, which was the order they were
 * written), with their buckets and heads; gives every id its `reply-ids` entry (ids no reply kept
 * get an empty one, so the ids stay gap-free); writes the threads' reply hints; and only then
 * deletes the old documents. One read of the collection and bulk writes, not a round of reads per
 * thread. A rerun after a crash keeps what was converted (items are written in order, so a thread's
 * converted replies are numbers 1..k) and converts the rest.
 */
async function run(app: FastifyInstance, progress: (done: number, total: number) => void): Promise<void> {
  const { Post, ReplyRef, Thread, ListBucket, ListHead } = app.models;
  // Ids are unique through their entries now; mid-way, a reply and its copy share one.
  await dropIndex(asModel(Post), 'id_1');
  const stored = await Post.collection.find<LegacyPost | PostRecord>({}).toArray();
  const legacy = stored.filter((post): post is LegacyPost => post.list === undefined).sort((a, b) => a.id - b.id);
  const threads = await Thread.collection
    .find<{ _id: unknown; id: number; replyCount?: number }>({}, { projection: { id: 1, replyCount: 1 } })
    .toArray();
  const converted = groupByThread(stored.filter((post): post is PostRecord => post.list !== undefined));
  const now = new Date();
  const lists = [...groupByThread(legacy)].map(([threadId, posts]) => {
    const before = (converted.get(threadId) ?? []).sort((a, b) => a.n - b.n);
    return { threadId, list: repliesList(threadId), items: keyedReplies(threadId, before, posts, now), before };
  });
  const total = legacy.length;
  // In order, so a crash leaves each thread's converted replies as numbers 1..k.
  const fresh = lists.flatMap(({ items, before }) => items.slice(before.length));
  for (let start = 0; start < fresh.length; start += 1000) {
    await Post.collection.insertMany(fresh.slice(start, start + 1000) as never[], { ordered: true });
    progress(Math.floor((start + 1000) / 2), total);
  }
  await writeAll(
    asModel(ListBucket),
    lists.flatMap(({ list, items }) => bucketsOf(list, items)),
  );
  await writeAll(
    asModel(ListHead),
    lists.map(({ list, items }) => ({ _id: list, n: items.length })),
  );
  await insertMissing(
    asModel(ReplyRef),
    lists.flatMap(({ threadId, items }) =>
      items.map((post) => ({
        _id: itemKey(REPLY_IDS, post.id),
        list: REPLY_IDS,
        n: post.id,
        threadId,
        number: post.n,
        createdAt: post.createdAt,
      })),
    ),
  );
  await fillIdGaps(app, legacy);
  // The lists' hints; threads without replies (stored before hints existed) get zero.
  const byThread = new Map(lists.map(({ threadId, items }) => [threadId, items]));
  const hints = threads.flatMap((thread) => {
    const items = byThread.get(thread.id);
    if (!items && thread.replyCount !== undefined) return [];
    const $set = { replyCount: items?.length ?? 0, lastReplyAt: items?.at(-1)?.createdAt ?? null };
    return [{ filter: { _id: thread._id } as never, update: { $set } }];
  });
  // One update at a time: FerretDB holds its database for the whole of a bulk update.
  for (const [done, hint] of hints.entries()) {
    await Thread.collection.updateOne(hint.filter, hint.update);
    if (done % 500 === 0) progress(Math.floor(total / 2 + (done / hints.length) * (total / 2)), total);
  }
  // Every reply has its keyed copy: the old documents go, in one pass.
  await deleteByIds(
    Post.collection,
    legacy.map((post) => post._id),
  );
  progress(total, total);
}

/** Ids below the highest that no reply kept get an empty entry, timed like the next id, so ids are gap-free. */
async function fillIdGaps(app: FastifyInstance, legacy: LegacyPost[]): Promise<void> {
  const top = legacy.at(-1)?.id ?? 0;
  if (top === 0) return;
  const created = new Map(legacy.map((post) => [post.id, post.createdAt ?? new Date(0)]));
  const gaps: ReplyRefRecord[] = [];
  let next = created.get(top) as Date;
  for (let id = top; id >= 1; id--) {
    const at = created.get(id);
    if (at) {
      next = at;
      continue;
    }
    gaps.push({ _id: itemKey(REPLY_IDS, id), list: REPLY_IDS, n: id, threadId: null, number: null, createdAt: next });
  }
  // A rerun finds earlier runs' ids missing from `legacy` (their old documents are gone): kept, not replaced.
  await insertMissing(asModel(app.models.ReplyRef), gaps);
  await raiseHead(app, REPLY_IDS, top);
}

export const repliesByKey: Migration = { name: 'replies-by-key', run };
