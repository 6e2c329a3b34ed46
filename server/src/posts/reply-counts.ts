import type { FastifyInstance } from 'fastify';

/** Replies per thread, counted from the posts themselves. */
export async function replyCounts(app: FastifyInstance, threadIds: number[]): Promise<Map<number, number>> {
  if (threadIds.length === 0) return new Map();
  const groups = await app.models.Post.aggregate<{ _id: number; n: number }>([
    { $match: { threadId: { $in: threadIds } } },
    { $group: { _id: '$threadId', n: { $sum: 1 } } },
  ]);
  return new Map(groups.map((group) => [group._id, group.n]));
}
