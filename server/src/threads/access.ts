import type { FastifyInstance } from 'fastify';
import { findAllByNumericId } from '../db/ids.ts';
import { PAID_PLACE } from './group-buy-state.ts';
import { type Holdings, isStaffViewer, NO_HOLDINGS, type Viewer } from './policy.ts';
import type { ThreadRecord } from './thread-model.ts';

/**
 * What the viewer holds among these threads (and their parents, whose unlock opens a sister),
 * read from the entitlement and group-buy documents: the only source of paid access.
 */
export async function holdingsOf(
  app: FastifyInstance,
  viewer: Viewer,
  threads: Pick<ThreadRecord, 'id' | 'parentThreadId' | 'isGroupBuy'>[],
): Promise<Holdings> {
  if (viewer === null || isStaffViewer(viewer) || threads.length === 0) return NO_HOLDINGS;
  const ids = [...new Set(threads.flatMap((t) => (t.parentThreadId ? [t.id, t.parentThreadId] : [t.id])))];
  const groupBuyIds = threads.filter((t) => t.isGroupBuy).map((t) => t.id);
  const [entitlements, places] = await Promise.all([
    app.models.Entitlement.find({ userId: viewer.id, threadId: { $in: ids } }, { threadId: 1, kind: 1 }).lean(),
    groupBuyIds.length > 0
      ? app.models.GroupBuyPlace.find(
          { userId: viewer.id, threadId: { $in: groupBuyIds }, place: PAID_PLACE },
          { threadId: 1 },
        ).lean()
      : [],
  ]);
  const joined = places.map((p) => p.threadId);
  const completed =
    joined.length > 0
      ? await app.models.GroupBuyCompletion.find({ threadId: { $in: joined } }, { threadId: 1 }).lean()
      : [];
  return {
    purchased: new Set(entitlements.filter((e) => e.kind === 'purchase').map((e) => e.threadId)),
    unlocked: new Set(entitlements.filter((e) => e.kind === 'unlock').map((e) => e.threadId)),
    groupBuys: new Set(completed.map((c) => c.threadId)),
  };
}

/** Every thread whose paid content the member holds (GET /api/user/unlocked-content). */
export async function heldThreadIds(app: FastifyInstance, userId: number): Promise<number[]> {
  const [entitlements, places] = await Promise.all([
    app.models.Entitlement.find({ userId }, { threadId: 1, kind: 1 }).lean(),
    app.models.GroupBuyPlace.find({ userId, place: PAID_PLACE }, { threadId: 1 }).lean(),
  ]);
  const unlockedIds = entitlements.filter((e) => e.kind === 'unlock').map((e) => e.threadId);
  const [sisters, completed] = await Promise.all([
    app.models.Thread.find({ parentThreadId: { $in: unlockedIds } }, { id: 1 }).lean(),
    app.models.GroupBuyCompletion.find({ threadId: { $in: places.map((p) => p.threadId) } }, { threadId: 1 }).lean(),
  ]);
  const held = [
    ...entitlements.map((e) => e.threadId),
    ...sisters.map((s) => s.id),
    ...completed.map((c) => c.threadId),
  ];
  const threads = await findAllByNumericId(app.models.Thread, held);
  return threads
    .filter((thread) => !thread.deletedAt)
    .map((thread) => thread.id)
    .sort((a, b) => a - b);
}
