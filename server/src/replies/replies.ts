import type { CookedFields } from '../formatting/cook.ts';
import {
  append,
  deleteList,
  headOf,
  intent,
  readAtHead,
  readItem,
  readNewest,
  readRange,
  rewriteItem,
  type StorageContext,
  updateDocument,
} from '../storage/index.ts';
import { noteReply, noteReplyRemoved } from '../threads/reply-hints.ts';
import type { RecordingContext } from './context.ts';
import { replyModels } from './models.ts';
import { REPLY_IDS, type ReplyRecord, type ReplyRefRecord, removedList, repliesList } from './reply-model.ts';

/**
 * Replies by key: each thread's replies are a keyed list (numbers 1, 2, … in the order written), and
 * `reply-ids` maps a reply's global id to its place. Every read here is a few reads by `_id`.
 */

interface NewReply extends CookedFields {
  threadId: number;
  authorId: number;
  content: string;
}

/**
 * Writes a reply: its global id first (the next item of `reply-ids`, gap-free and unique on every
 * backend), then the reply as the next number of its thread, then the thread's hints (reply count, last reply
 * time) are brought forward, and just after the answer the id's entry points at it. A crash after the id leaves an
 * id that names no reply; one before the entry is completed by `replyById`, as is a read meanwhile.
 */
export async function writeReply(app: RecordingContext, reply: NewReply): Promise<ReplyRecord> {
  const { ReplyRef, Reply } = replyModels(app);
  const createdAt = new Date();
  const ref = await append<ReplyRefRecord>(
    app,
    ReplyRef,
    REPLY_IDS,
    () => ({ threadId: reply.threadId, number: null, createdAt }),
    { answerOnceStored: true },
  );
  // The reply answers once stored, its hints written beside it; its bucket push and the id's entry (twenty of them at
  // once were a 17 ms update of the one writer) follow the answer (a reader completes a short bucket by key).
  return append<ReplyRecord>(
    app,
    Reply,
    repliesList(reply.threadId),
    () => ({ ...reply, id: ref.n, createdAt, updatedAt: createdAt, removedAt: null }),
    {
      answerOnceStored: true,
      alongside: (stored) => {
        app.afterwards('reply id not pointed at its reply', () =>
          updateDocument(ReplyRef, ref._id, { $set: { number: stored.n } }),
        );
        return noteReply(app, stored.threadId, { written: stored.n, lastReplyAt: createdAt });
      },
    },
  );
}

/** A deleted thread's replies go with it, by key; the reply ids' entries stay, naming replies gone. */
export async function deleteReplies(app: StorageContext, threadId: number): Promise<void> {
  await deleteList<ReplyRecord>(app, replyModels(app).Reply, repliesList(threadId));
}

/** The number of removed replies in a thread: the head of its removals list. */
export const removedCountOf = (app: StorageContext, threadId: number) =>
  headOf<ReplyRefRecord>(app, replyModels(app).ReplyRef, removedList(threadId));

/** A thread's replies, exactly: written minus removed, from the two heads. */
export async function replyCountOf(app: StorageContext, threadId: number): Promise<number> {
  const [written, removed] = await Promise.all([
    headOf<ReplyRecord>(app, replyModels(app).Reply, repliesList(threadId)),
    removedCountOf(app, threadId),
  ]);
  return written - removed;
}

/**
 * Replies after number `after`, oldest first, at most `limit` of them; removed ones are skipped (and
 * the next numbers read in their place), so a full page means there may be more.
 */
export async function readReplies(
  app: StorageContext,
  threadId: number,
  after: number,
  limit: number,
): Promise<ReplyRecord[]> {
  const { Reply } = replyModels(app);
  const list = repliesList(threadId);
  const shown = (items: ReplyRecord[]) => items.filter((item) => !item.removedAt);
  const { head, items } = await readAtHead<ReplyRecord>(app, Reply, list, () => [after + 1, after + limit]);
  const page = shown(items);
  for (let from = after + limit + 1; page.length < limit && from <= head; ) {
    const to = from + (limit - page.length) - 1;
    page.push(...shown(await readRange<ReplyRecord>(app, Reply, list, from, to, head)));
    from = to + 1;
  }
  return page;
}

/**
 * The replies written at `start` or later, oldest first, removed ones skipped (unless `removed`): the newest of the
 * list while they are that recent (a reply's number follows its time). At, not only after: two replies written in
 * the same millisecond are each other's news.
 */
export async function repliesSince(
  app: StorageContext,
  threadId: number,
  start: Date,
  { removed = false } = {},
): Promise<ReplyRecord[]> {
  const since = await readNewest<ReplyRecord>(
    app,
    replyModels(app).Reply,
    repliesList(threadId),
    (item) => item.createdAt >= start,
  );
  return removed ? since : since.filter((item) => !item.removedAt);
}

/** The reply with global id `id` (removed ones included, as tombstones), by its `reply-ids` entry. */
export async function replyById(app: StorageContext, id: number): Promise<ReplyRecord | null> {
  const { ReplyRef, Reply } = replyModels(app);
  const ref = await readItem<ReplyRefRecord>(ReplyRef, REPLY_IDS, id);
  if (!ref || ref.threadId === null) return null;
  if (ref.number) return readItem<ReplyRecord>(Reply, repliesList(ref.threadId), ref.number);
  // A crash between the reply and its entry (or a reply still being written): the reply, if it was stored, is
  // among its thread's newest, written after its id; found there once, then recorded.
  const post = (await repliesSince(app, ref.threadId, ref.createdAt, { removed: true })).find((r) => r.id === id);
  if (!post) return null;
  await ReplyRef.updateOne({ _id: ref._id }, { $set: { number: post.n } });
  return post;
}

interface Removal {
  replyId: number;
  threadId: number;
  number: number;
}

/**
 * A removal under way, under the reply's id: its `begin` decides between concurrent removals (one counts it), and a
 * removal a crash interrupted is finished by the start-up sweep (`finishIntents`). Exported for the crash tests.
 */
export const replyRemoval = intent<Removal, RecordingContext>('reply-removal', (app, removal) =>
  finishRemoval(app, removal),
);

/**
 * Staff removal: the reply becomes a tombstone (content dropped) that pages skip, and its thread's
 * removals list gains it, once. Answers the removed reply, or null if there was nothing (left) to remove.
 */
export async function removeReply(app: RecordingContext, id: number): Promise<ReplyRecord | null> {
  const post = await replyById(app, id);
  if (!post || post.removedAt) return null;
  const removal: Removal = { replyId: id, threadId: post.threadId, number: post.n };
  if (!(await replyRemoval.begin(app, String(id), removal))) return null;
  // Another removal may have finished between our read and our intent: it tombstoned first.
  const now = await readItem<ReplyRecord>(replyModels(app).Reply, post.list, post.n);
  if (!now || now.removedAt) {
    await replyRemoval.done(app, String(id));
    return null;
  }
  await finishRemoval(app, removal);
  await replyRemoval.done(app, String(id));
  return post;
}

/** The removal's writes, each safe to run again after a crash: counted once, tombstoned, the thread's hints lowered. */
async function finishRemoval(app: RecordingContext, removal: Removal): Promise<void> {
  const { ReplyRef, Reply } = replyModels(app);
  const list = removedList(removal.threadId);
  // A rerun after a crash may find the removal counted already: a thread's removals are few.
  const counted = await readRange<ReplyRefRecord>(app, ReplyRef, list, 1, Number.MAX_SAFE_INTEGER);
  if (!counted.some((entry) => entry.replyId === removal.replyId)) {
    await append<ReplyRefRecord>(app, ReplyRef, list, () => ({
      threadId: removal.threadId,
      replyId: removal.replyId,
      createdAt: new Date(),
    }));
  }
  // The tombstone keeps no trace of the text in any form.
  await rewriteItem<ReplyRecord>(app, Reply, repliesList(removal.threadId), removal.number, {
    content: '',
    cooked: '',
    text: '',
    mentions: [],
    removedAt: new Date(),
  });
  await noteReplyRemoved(app, removal.threadId);
}
