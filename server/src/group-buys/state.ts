import type { GroupBuyPhase } from '@enclave/protocol';
import { claimOnce, type Database, headOf, itemKey, readRange, type StorageContext } from '../storage/index.ts';
import type { ThreadRecord } from '../threads/thread-model.ts';
import {
  type GroupBuyOutcomeRecord,
  type GroupBuyPlaceRecord,
  type PlaceNumberRecord,
  placeKey,
  placesList,
} from './model.ts';
import { groupBuyModels } from './models.ts';

export interface GroupBuyState {
  /** Paid places taken: the head of the group buy's place numbers. */
  current: number;
  status: GroupBuyPhase;
  completedAt: Date | null;
}

/** The member's place in the group buy (paid or void), one read by key. */
export const placeOf = (app: Database, threadId: number, userId: number) =>
  groupBuyModels(app).GroupBuyPlace.findById(placeKey(threadId, userId)).lean<GroupBuyPlaceRecord>();

export const isPaidPlace = (place: Pick<GroupBuyPlaceRecord, 'place'> | null): boolean =>
  place !== null && place.place > 0;

/** How the group buy ended, or null while it is open: one read by key. */
export const outcomeOf = (app: Database, threadId: number) =>
  groupBuyModels(app).GroupBuyOutcome.findById(String(threadId)).lean<GroupBuyOutcomeRecord>();

/** The group buy's completion, or null (open, expired or cancelled). */
export async function completionOf(app: Database, threadId: number): Promise<GroupBuyOutcomeRecord | null> {
  const outcome = await outcomeOf(app, threadId);
  return outcome?.status === 'completed' ? outcome : null;
}

/**
 * Where the group buy stands: its outcome, else expired once its deadline has passed (the sweep that records it
 * may be a moment behind; nothing can be contributed meanwhile), else open.
 */
export function phaseOf(
  thread: Pick<ThreadRecord, 'groupBuyDeadline'>,
  outcome: Pick<GroupBuyOutcomeRecord, 'status'> | null,
): GroupBuyPhase {
  if (outcome) return outcome.status;
  return isPastDeadline(thread) ? 'expired' : 'open';
}

export const isPastDeadline = (thread: Pick<ThreadRecord, 'groupBuyDeadline'>, now = Date.now()) =>
  thread.groupBuyDeadline !== null && thread.groupBuyDeadline !== undefined && thread.groupBuyDeadline.getTime() <= now;

/** Places taken, probed by key: paid places are numbered 1, 2, … without a gap. */
export const placesTaken = (app: StorageContext, threadId: number): Promise<number> =>
  headOf<PlaceNumberRecord>(app, groupBuyModels(app).PlaceNumber, placesList(threadId));

/** The participants, in place order, from the place numbers (a group buy has at most 100 places). */
export async function participantsOf(app: StorageContext, threadId: number): Promise<number[]> {
  const places = await readRange<PlaceNumberRecord>(
    app,
    groupBuyModels(app).PlaceNumber,
    placesList(threadId),
    1,
    1_000,
  );
  return places.map((place) => place.userId);
}

/** Records place number `place` for its holder; written already is fine. */
export async function numberPlace(app: Database, place: Omit<GroupBuyPlaceRecord, '_id'>): Promise<void> {
  const list = placesList(place.threadId);
  await claimOnce(groupBuyModels(app).PlaceNumber, {
    _id: itemKey(list, place.place),
    list,
    n: place.place,
    userId: place.userId,
  });
}

/** Each group buy's progress and phase, by key, asked for all of a page's group buys at once. */
export async function groupBuyStates(
  app: StorageContext,
  threads: Pick<ThreadRecord, 'id' | 'groupBuyDeadline'>[],
): Promise<Map<number, GroupBuyState>> {
  const states = await Promise.all(
    threads.map(async (thread) => {
      const [current, outcome] = await Promise.all([placesTaken(app, thread.id), outcomeOf(app, thread.id)]);
      const completedAt = outcome?.status === 'completed' ? outcome.endedAt : null;
      return [thread.id, { current, status: phaseOf(thread, outcome), completedAt }] as const;
    }),
  );
  return new Map(states);
}
