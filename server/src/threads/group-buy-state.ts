import type { FastifyInstance } from 'fastify';
import { isDuplicateKey } from '../db/ids.ts';
import { headOf, itemKey, readRange } from '../db/keyed-list.ts';
import { type GroupBuyPlaceRecord, type PlaceNumberRecord, placeKey, placesList } from './group-buy-model.ts';

export interface GroupBuyState {
  /** Paid places taken: the head of the group buy's place numbers. */
  current: number;
  completedAt: Date | null;
}

/** The member's place in the group buy (paid or void), one read by key. */
export const placeOf = (app: FastifyInstance, threadId: number, userId: number) =>
  app.models.GroupBuyPlace.findById(placeKey(threadId, userId)).lean<GroupBuyPlaceRecord>();

export const isPaidPlace = (place: Pick<GroupBuyPlaceRecord, 'place'> | null): boolean =>
  place !== null && place.place > 0;

export const completionOf = (app: FastifyInstance, threadId: number) =>
  app.models.GroupBuyCompletion.findById(String(threadId)).lean<{ threadId: number; completedAt: Date }>();

/** Places taken, probed by key: paid places are numbered 1, 2, … without a gap. */
export const placesTaken = (app: FastifyInstance, threadId: number): Promise<number> =>
  headOf<PlaceNumberRecord>(app, app.models.PlaceNumber, placesList(threadId));

/** The participants, in place order, from the place numbers (a group buy has at most 100 places). */
export async function participantsOf(app: FastifyInstance, threadId: number): Promise<number[]> {
  const places = await readRange<PlaceNumberRecord>(app, app.models.PlaceNumber, placesList(threadId), 1, 1_000);
  return places.map((place) => place.userId);
}

/** Records place number `place` for its holder; written already is fine. */
export async function numberPlace(app: FastifyInstance, place: Omit<GroupBuyPlaceRecord, '_id'>): Promise<void> {
  const list = placesList(place.threadId);
  try {
    await app.models.PlaceNumber.collection.insertOne({
      _id: itemKey(list, place.place),
      list,
      n: place.place,
      userId: place.userId,
    } as never);
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
}

/** Each group buy's progress, by key, asked for all of a page's group buys at once. */
export async function groupBuyStates(app: FastifyInstance, threadIds: number[]): Promise<Map<number, GroupBuyState>> {
  const states = await Promise.all(
    threadIds.map(async (id) => {
      const [current, completion] = await Promise.all([placesTaken(app, id), completionOf(app, id)]);
      return [id, { current, completedAt: completion?.completedAt ?? null }] as const;
    }),
  );
  return new Map(states);
}
