import { replyCountOf } from '../replies/replies.ts';
import { internalId } from '../storage/index.ts';
import type { ThreadContext } from './context.ts';
import { threadModels } from './models.ts';

/**
 * A thread's `replyCount` and `lastReplyAt` hints, which the forum's lists read instead of the replies. Posts tells
 * the thread of each reply and each removal; the hints are the thread's, the exact count stays with posts
 * (`replyCountOf`). Best effort: a race or a crash may leave them behind; the reply lists' heads stay exact.
 */

/** What writing the hints uses: the thread, the replies' count (their lists), the log, `afterwards`, and `tell`. */
export type HintContext = Pick<ThreadContext, 'mongo' | 'log' | 'afterwards' | 'changes'>;

interface ReplyHints {
  replyCount: number;
  lastReplyAt: Date;
}

/** A reply was written: the thread's hints move forward to it (the caller knows the count: its number less the removals). */
export async function noteReply(app: HintContext, threadId: number, reply: ReplyHints): Promise<void> {
  await writeHints(app, threadId, reply);
}

/** A reply was removed: the thread's count is counted again. */
export async function noteReplyRemoved(app: HintContext, threadId: number): Promise<void> {
  await writeHints(app, threadId);
}

async function writeHints(app: HintContext, threadId: number, reply?: ReplyHints): Promise<void> {
  try {
    const update = reply ? { $max: reply } : { $set: { replyCount: await replyCountOf(app, threadId) } };
    await threadModels(app).Thread.updateOne({ _id: internalId(threadId) }, update);
    // The reply's own update has landed (the forum index reads it on the reply's event); the check that no other
    // writer's update hid it need not hold up the reply.
    if (reply) app.afterwards('thread reply hint not repaired', () => keepHint(app, threadId, reply.lastReplyAt));
  } catch (err) {
    app.log.warn({ err, threadId }, 'thread reply hints not written');
  }
}

const HINT_CHECKS = 5;

/**
 * FerretDB applies an update by reading the document and writing it back, so two processes' `$max` can land in the
 * wrong order and the lower values win. So each writer, once its own update has landed, reads the hints back until
 * they hold at least its reply (its time, and the exact count), raising them when another writer's update hid
 * them, and tells the read models when it did. Every writer checks its own reply after every update that could hide
 * it, so once the replies' writes settle the hints are exact: the reply count, and the time of the newest reply.
 */
async function keepHint(app: HintContext, threadId: number, lastReplyAt: Date): Promise<void> {
  const { Thread } = threadModels(app);
  for (let check = 0; check < HINT_CHECKS; check++) {
    const [stored, replyCount] = await Promise.all([
      Thread.findOne({ _id: internalId(threadId) }, { replyCount: 1, lastReplyAt: 1 }).lean<{
        replyCount?: number;
        lastReplyAt?: Date | null;
      }>(),
      replyCountOf(app, threadId),
    ]);
    if (!stored) return;
    const holds =
      (stored.replyCount ?? 0) >= replyCount && (stored.lastReplyAt?.getTime() ?? 0) >= lastReplyAt.getTime();
    if (holds) {
      if (check > 0) app.changes.tell({ kind: 'thread', id: threadId });
      return;
    }
    await Thread.updateOne({ _id: internalId(threadId) }, { $max: { replyCount, lastReplyAt } });
  }
  app.log.warn({ threadId }, 'thread reply hints still hidden by other writers: the next reply checks again');
}
