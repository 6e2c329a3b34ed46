import type { FastifyInstance } from 'fastify';
import type { Model } from 'mongoose';
import { isDuplicateKey } from '../db/ids.ts';
import { appendAll, headOf, itemKey, raiseHead, readRange } from '../db/keyed-list.ts';
import { dropIndex, type Migration } from '../db/migrations.ts';
import { type PostRecord, REPLY_IDS, type ReplyRefRecord, repliesList } from './post-model.ts';

/** A reply as stored before replies were keyed: its own document, found by thread and id. */
interface LegacyPost {
  _id: unknown;
  id: number;
  threadId: number;
  authorId: number;
  content: string;
  createdAt?: Date;
  updatedAt?: Date;
}

/** Inserts documents, leaving those written already (by a run a crash interrupted) as they are. */
export async function insertMissing(model: Model<never>, documents: object[]): Promise<void> {
  if (documents.length === 0) return;
  try {
    await model.collection.insertMany(documents as never[], { ordered: false });
  } catch (error) {
    const writeErrors = (error as { writeErrors?: unknown[] }).writeErrors;
    const onlyDuplicates = Array.isArray(writeErrors) && writeErrors.every((e) => isDuplicateKey(e));
    if (!onlyDuplicates && !isDuplicateKey(error)) throw error;
  }
}

/**
 * Moves each thread's replies into its keyed list (in id order, which was the order they were
 * written), gives every id its `reply-ids` entry (ids no reply kept, removed before, get an empty one
 * so the ids stay gap-free), writes the threads' reply hints, and only then deletes the old documents.
 * A rerun skips what a crashed run converted: a thread's list holds its replies' ids.
 */
async function run(app: FastifyInstance, progress: (done: number, total: number) => void): Promise<void> {
  const { Post, ReplyRef, Thread } = app.models;
  // Ids are unique through their entries now; mid-way, a reply and its copy share one.
  await dropIndex(Post as unknown as Model<never>, 'id_1');
  const legacy = await Post.collection
    .find<LegacyPost>({ list: { $exists: false } })
    .sort({ id: 1 })
    .toArray();
  const byThread = new Map<number, LegacyPost[]>();
  for (const post of legacy) {
    const posts = byThread.get(post.threadId);
    if (posts) posts.push(post);
    else byThread.set(post.threadId, [post]);
  }
  const threads = await Thread.collection
    .find<{ _id: unknown; id: number; replyCount?: number }>({}, { projection: { id: 1, replyCount: 1 } })
    .toArray();
  const threadKeys = new Map(threads.map((thread) => [thread.id, thread._id]));
  const now = new Date();
  let done = 0;
  for (const [threadId, posts] of byThread) {
    const list = repliesList(threadId);
    const head = await headOf(app, Post, list);
    const converted = await readRange<PostRecord>(app, Post, list, 1, head, head);
    const convertedIds = new Set(converted.map((post) => post.id));
    const fresh = await appendAll<PostRecord>(
      app,
      Post,
      list,
      posts
        .filter((post) => !convertedIds.has(post.id))
        .map((post) => ({
          id: post.id,
          threadId,
          authorId: post.authorId,
          content: post.content,
          createdAt: post.createdAt ?? now,
          updatedAt: post.updatedAt ?? post.createdAt ?? now,
          removedAt: null,
        })),
    );
    const all = [...converted, ...fresh];
    await insertMissing(
      ReplyRef as unknown as Model<never>,
      all.map((post) => ({
        _id: itemKey(REPLY_IDS, post.id),
        list: REPLY_IDS,
        n: post.id,
        threadId,
        number: post.n,
        createdAt: post.createdAt,
      })),
    );
    const threadKey = threadKeys.get(threadId);
    if (threadKey !== undefined) {
      await Thread.collection.updateOne({ _id: threadKey } as never, {
        $set: { replyCount: all.length, lastReplyAt: all.at(-1)?.createdAt ?? null },
      });
    }
    done += posts.length;
    progress(done, legacy.length);
  }
  await fillIdGaps(app, legacy);
  // Threads without replies get their hints too; converted ones have theirs already.
  for (const thread of threads) {
    if (thread.replyCount === undefined && !byThread.has(thread.id)) {
      await Thread.collection.updateOne({ _id: thread._id } as never, { $set: { replyCount: 0, lastReplyAt: null } });
    }
  }
  // Every reply has its keyed copy: the old documents go, in one pass.
  if (legacy.length > 0) await Post.collection.deleteMany({ list: { $exists: false } });
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
  await insertMissing(app.models.ReplyRef as unknown as Model<never>, gaps);
  await raiseHead(app, REPLY_IDS, top);
}

export const repliesByKey: Migration = { name: 'replies-by-key', run };
