import type { FastifyInstance } from 'fastify';

export interface GroupBuyState {
  /** Paid places taken: counted from the place documents. */
  current: number;
  completedAt: Date | null;
}

/** Only places numbered from 1 are paid places; a void place (numbered below 1) marks a refunded contribution. */
export const PAID_PLACE = { $gt: 0 } as const;

export const placesTaken = (app: FastifyInstance, threadId: number): Promise<number> =>
  app.models.GroupBuyPlace.countDocuments({ threadId, place: PAID_PLACE });

export async function groupBuyStates(app: FastifyInstance, threadIds: number[]): Promise<Map<number, GroupBuyState>> {
  if (threadIds.length === 0) return new Map();
  const [counts, completions] = await Promise.all([
    app.models.GroupBuyPlace.aggregate<{ _id: number; n: number }>([
      { $match: { threadId: { $in: threadIds }, place: PAID_PLACE } },
      { $group: { _id: '$threadId', n: { $sum: 1 } } },
    ]),
    app.models.GroupBuyCompletion.find({ threadId: { $in: threadIds } }).lean(),
  ]);
  const current = new Map(counts.map((count) => [count._id, count.n]));
  const completedAt = new Map(completions.map((completion) => [completion.threadId, completion.completedAt]));
  return new Map(
    threadIds.map((id) => [id, { current: current.get(id) ?? 0, completedAt: completedAt.get(id) ?? null }]),
  );
}
