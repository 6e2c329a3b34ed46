import { removedCountOf, replyCountOf } from '../replies/replies.ts';
import { combinedWrites, internalId, readById, updateDocument } from '../storage/index.ts';
import type { ThreadContext } from './context.ts';
import { journalThreads } from './forum-journal.ts';
import { threadModels } from './models.ts';

/**
 * A thread's `replyCount` and `lastReplyAt` hints, which the forum's lists read instead of the replies. Posts tells
 * the thread of each reply and each removal; the hints are the thread's, the exact count stays with posts
 * (`replyCountOf`). Best effort: a race or a crash may leave them behind; the reply lists' heads stay exact. Writes of
 * one thread's hints are combined (`combinedWrites`): a burst of replies costs a write or two, not one each.
 */

/** What writing the hints uses: the thread, the replies' count (their lists), the log, `afterwards`, and `tell`. */
export type HintContext = Pick<ThreadContext, 'mongo' | 'log' | 'afterwards' | 'changes'>;

/** Replies written: the highest number and the latest time among them. */
interface Written {
  written: number;
  lastReplyAt: Date;
}

/** A reply was written as number `written` of its thread: the thread's hints move forward to it. */
export async function noteReply(app: HintContext, threadId: number, reply: Written) {
  try {
    await raiseHints(app, threadId, reply);
    // The reply's own update has landed (the forum index reads it on the reply's event); the check that no other
    // writer's update hid it need not hold up the reply.
    app.afterwards('thread reply hint not repaired', () => checkHints(app, threadId, reply));
  } catch (err) {
    app.log.warn({ err, threadId }, 'thread reply hints not written');
  }
}

/** A reply was removed: the thread's count is counted again. */
export async function noteReplyRemoved(app: HintContext, threadId: number): Promise<void> {
  try {
    await threadModels(app).Thread.updateOne(
      { _id: internalId(threadId) },
      { $set: { replyCount: await replyCountOf(app, threadId) } },
    );
  } catch (err) {
    app.log.warn({ err, threadId }, 'thread reply hints not written');
  }
}

const later = (a: Date, b: Date) => (a > b ? a : b);
const furthest = (a: Written, b: Written): Written => ({
  written: Math.max(a.written, b.written),
  lastReplyAt: later(a.lastReplyAt, b.lastReplyAt),
});

/**
 * The hints' `$max`, one write at a time per thread: replies that arrive meanwhile go together in the next (the
 * highest number written and the latest time), with the removals counted once for them.
 */
const raiseHints = combinedWrites<number, Written, HintContext>(furthest, async (app, threadId, reply) => {
  const { replyCount, lastReplyAt } = await hintsOf(app, threadId, reply);
  await updateDocument(threadModels(app).Thread, internalId(threadId), { $max: { replyCount, lastReplyAt } });
});

/** The hints replies up to `written` call for: their count (those written, less those removed) and latest time. */
async function hintsOf(app: HintContext, threadId: number, { written, lastReplyAt }: Written) {
  return { replyCount: written - (await removedCountOf(app, threadId)), lastReplyAt };
}

/** One check at a time per thread, for the furthest reply any writer asked about (it covers the earlier ones). */
const checkHints = combinedWrites<number, Written, HintContext>(furthest, (app, threadId, reply) =>
  keepHint(app, threadId, reply),
);

const HINT_CHECKS = 5;

/**
 * FerretDB applies an update by reading the document and writing it back, so two processes' `$max` can land in the
 * wrong order and the lower values win. So once a writer's update has landed, the hints are read back until they
 * hold at least its reply (its time, and the count up to its number), raised when another writer's update hid them,
 * and the read models are told when they were. Every reply is checked after every update that could hide it, so once
 * the replies' writes settle the hints are exact: the newest reply's number less the removals, and its time. The
 * count is not the list's head, which a burst of appends keeps moving (finding it cost a search of probes a check).
 */
async function keepHint(app: HintContext, threadId: number, reply: Written): Promise<void> {
  const { Thread } = threadModels(app);
  for (let check = 0; check < HINT_CHECKS; check++) {
    const [stored, { replyCount, lastReplyAt }] = await Promise.all([
      readById<{ replyCount?: number; lastReplyAt?: Date | null }>(Thread, internalId(threadId)),
      hintsOf(app, threadId, reply),
    ]);
    if (!stored) return;
    const holds =
      (stored.replyCount ?? 0) >= replyCount && (stored.lastReplyAt?.getTime() ?? 0) >= lastReplyAt.getTime();
    if (holds) {
      if (check > 0) {
        await journalThreads(app, [threadId]);
        app.changes.tell({ kind: 'thread', id: threadId });
      }
      return;
    }
    await updateDocument(Thread, internalId(threadId), { $max: { replyCount, lastReplyAt } });
  }
  app.log.warn({ threadId }, 'thread reply hints still hidden by other writers: the next reply checks again');
}
