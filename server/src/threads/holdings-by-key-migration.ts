import type { FastifyInstance } from 'fastify';
import type { Model } from 'mongoose';
import { deleteByIds } from '../db/ids.ts';
import { appendAll, headOf, itemKey, readRange } from '../db/keyed-list.ts';
import { dropIndex, insertMissing, type Migration } from '../db/migrations.ts';
import { type PlaceNumberRecord, placeKey, placesList } from '../group-buys/model.ts';
import { type EntitlementKind, entitlementKey, type HoldingRecord, holdingsList } from './entitlement-model.ts';

interface Legacy {
  _id: unknown;
  threadId: number;
}
interface LegacyEntitlement extends Legacy {
  userId: number;
  kind: EntitlementKind;
  createdAt: Date;
}
interface LegacyPlace extends Legacy {
  userId: number;
  place: number;
  createdAt: Date;
}
interface LegacyCompletion extends Legacy {
  completedAt: Date;
}

const asModel = (model: unknown) => model as Model<never>;

/** Documents stored before their `_id` was derived (any `_id` that is not a string). */
const legacyOf = async <T extends Legacy>(model: Model<never>) =>
  (await model.collection.find<T>({}).toArray()).filter((document) => typeof document._id !== 'string');

const removeAll = (model: Model<never>, documents: Legacy[]) =>
  deleteByIds(
    model.collection,
    documents.map((d) => d._id),
  );

/**
 * Entitlements, group-buy places and completions move under derived `_id`s, each member's holdings
 * become a keyed list, and paid places get their numbers. Unique indexes the `_id` now carries are
 * dropped first (a document and its copy share them mid-way). Every step skips what exists, so a
 * rerun after a crash finishes the job.
 */
async function run(app: FastifyInstance, progress: (done: number, total: number) => void): Promise<void> {
  const { Entitlement, GroupBuyPlace, GroupBuyOutcome, PlaceNumber } = app.models;
  await dropIndex(asModel(Entitlement), 'threadId_1_userId_1_kind_1');
  await dropIndex(asModel(Entitlement), 'userId_1');
  await dropIndex(asModel(GroupBuyPlace), 'threadId_1_userId_1');
  await dropIndex(asModel(GroupBuyPlace), 'userId_1');
  await dropIndex(asModel(GroupBuyOutcome), 'threadId_1');
  const entitlements = await legacyOf<LegacyEntitlement>(asModel(Entitlement));
  const places = await legacyOf<LegacyPlace>(asModel(GroupBuyPlace));
  const completions = await legacyOf<LegacyCompletion>(asModel(GroupBuyOutcome));
  const total = entitlements.length + places.length + completions.length;
  const paid = places.filter((place) => place.place > 0);
  // First, while every old document is still there to say what each member holds.
  await recordHoldings(app, [
    ...entitlements.map((e) => ({ userId: e.userId, threadId: e.threadId, kind: e.kind, createdAt: e.createdAt })),
    ...paid.map((p) => ({ userId: p.userId, threadId: p.threadId, kind: 'groupBuy' as const, createdAt: p.createdAt })),
  ]);

  await insertMissing(
    asModel(Entitlement),
    entitlements.map(({ _id, ...e }) => ({ ...e, _id: entitlementKey(e.threadId, e.userId, e.kind) })),
  );
  await removeAll(asModel(Entitlement), entitlements);
  progress(entitlements.length, total);

  // A place and its copy share (thread, place), which stays unique: the numbers (which hold the
  // member) are written first, so a crash between the removal and the copies loses nothing.
  await insertMissing(
    asModel(PlaceNumber),
    paid.map((place) => ({
      _id: itemKey(placesList(place.threadId), place.place),
      list: placesList(place.threadId),
      n: place.place,
      userId: place.userId,
    })),
  );
  await removeAll(asModel(GroupBuyPlace), places);
  await insertMissing(
    asModel(GroupBuyPlace),
    places.map(({ _id, ...place }) => ({ ...place, _id: placeKey(place.threadId, place.userId) })),
  );
  const numbered = await PlaceNumber.collection.find<PlaceNumberRecord>({}).toArray();
  await insertMissing(
    asModel(GroupBuyPlace),
    numbered.map((entry) => {
      const threadId = Number(entry.list.split(':')[1]);
      return {
        _id: placeKey(threadId, entry.userId),
        threadId,
        place: entry.n,
        userId: entry.userId,
        createdAt: new Date(),
      };
    }),
  );
  progress(entitlements.length + places.length, total);

  await insertMissing(
    asModel(GroupBuyOutcome),
    completions.map(({ _id, ...completion }) => ({ ...completion, _id: String(completion.threadId) })),
  );
  await removeAll(asModel(GroupBuyOutcome), completions);

  progress(total, total);
}

type Held = Pick<HoldingRecord, 'threadId' | 'kind' | 'createdAt'> & { userId: number };

/** Each member's holdings list gains what it lacks. */
async function recordHoldings(app: FastifyInstance, held: Held[]): Promise<void> {
  const { Holding } = app.models;
  const byMember = new Map<number, Held[]>();
  for (const holding of held) {
    const list = byMember.get(holding.userId);
    if (list) list.push(holding);
    else byMember.set(holding.userId, [holding]);
  }
  for (const [userId, holdings] of byMember) {
    const list = holdingsList(userId);
    const head = await headOf(app, Holding, list);
    const have = new Set(
      (await readRange<HoldingRecord>(app, Holding, list, 1, head, head)).map((h) => `${h.kind}:${h.threadId}`),
    );
    const missing = holdings.filter((h) => !have.has(`${h.kind}:${h.threadId}`)).map(({ userId: _, ...h }) => h);
    await appendAll<HoldingRecord>(app, Holding, list, missing);
  }
}

export const holdingsByKey: Migration = { name: 'holdings-by-key', run };
