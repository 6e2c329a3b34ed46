import type { FastifyInstance } from 'fastify';

/** How many replies a thread has and when the newest came: exact, read whenever the forum index re-reads the thread. */
export async function replyStatsOf(
  app: FastifyInstance,
  threadId: number,
): Promise<{ count: number; lastReplyAt: Date | null }> {
  const [count, last] = await Promise.all([
    app.models.Post.countDocuments({ threadId }),
    app.models.Post.findOne({ threadId }, { createdAt: 1 }).sort({ id: -1 }).lean(),
  ]);
  return { count, lastReplyAt: last?.createdAt ?? null };
}

/** Replies per thread, counted from the posts themselves. */
export async function replyCounts(app: FastifyInstance, threadIds: number[]): Promise<Map<number, number>> {
  if (threadIds.length === 0) return new Map();
  const groups = await app.models.Post.aggregate<{ _id: number; n: number }>([
    { $match: { threadId: { $in: threadIds } } },
    { $group: { _id: '$threadId', n: { $sum: 1 } } },
  ]);
  return new Map(groups.map((group) => [group._id, group.n]));
}
