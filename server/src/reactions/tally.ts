import {
  NO_REACTIONS,
  REACTION_KINDS,
  type ReactionKind,
  type ReactionSummary,
  type ReactionTarget,
} from '@enclave/protocol';
import { headOf, readRange, type StorageContext } from '../storage/index.ts';
import { reactionModels } from './models.ts';
import type { ReactionChange } from './reaction-model.ts';

/**
 * The state of reactions is the fold of their lists of changes, in list order (docs/reactions.md). A process keeps
 * the folds it read (a cache: each knows up to which change it folded) and brings one up to date by reading its
 * list's head, one point read, and the changes after what it folded, one read by key. So a thread page's replies and
 * the thread itself cost one read together, and 50 members reacting at once are 50 changes whose fold counts 50.
 */

/** What a thread page, a reply or a message is, for reactions. */
export interface TargetRef {
  target: ReactionTarget;
  id: number;
  /** The thread a thread or reply belongs to (its list's); ignored for a message. */
  threadId?: number;
}

/** Who reacted with each kind on each target of one list, in the order they reacted (a Set keeps insertion order). */
interface Fold {
  upTo: number;
  targets: Map<string, Map<ReactionKind, Set<number>>>;
}

export const listOf = (ref: TargetRef) =>
  ref.target === 'message' ? `reactions:m${ref.id}` : `reactions:t${ref.threadId ?? ref.id}`;
const keyOf = (target: ReactionTarget, id: number) => `${target}:${id}`;

/** Past this many lists the memory starts over; a forgotten fold costs its list's read by key. */
const FOLDS_MAX = 20_000;
const folds = new WeakMap<object, Map<string, Fold>>();
/** One catch-up at a time per list: concurrent readers share it. */
const catchingUp = new WeakMap<object, Map<string, Promise<Fold>>>();

function memoryOf<V>(memory: WeakMap<object, Map<string, V>>, app: StorageContext): Map<string, V> {
  let held = memory.get(app.mongo);
  if (!held) {
    held = new Map();
    memory.set(app.mongo, held);
  }
  return held;
}

function apply(fold: Fold, change: ReactionChange) {
  const key = keyOf(change.target, change.targetId);
  let kinds = fold.targets.get(key);
  if (!kinds) {
    kinds = new Map();
    fold.targets.set(key, kinds);
  }
  let members = kinds.get(change.kind);
  if (!members) {
    members = new Set();
    kinds.set(change.kind, members);
  }
  // Removed and added again: to the end, as the member reacted last.
  members.delete(change.memberId);
  if (change.on) members.add(change.memberId);
  fold.upTo = change.n;
}

async function catchUp(app: StorageContext, list: string, atLeast: number): Promise<Fold> {
  const held = memoryOf(folds, app);
  let fold = held.get(list);
  if (!fold) {
    if (held.size >= FOLDS_MAX) held.clear();
    fold = { upTo: 0, targets: new Map() };
    held.set(list, fold);
  }
  const model = reactionModels(app).ReactionChange;
  const head = await headOf(app, model, list, atLeast);
  if (head > fold.upTo) {
    const changes = await readRange(app, model, list, fold.upTo + 1, head, head);
    for (const change of changes) if (change.n === fold.upTo + 1) apply(fold, change);
  }
  return fold;
}

/**
 * The fold of `list`, up to date with its head as read now (and at least with change `atLeast`, one this process
 * just wrote). Readers arriving while a catch-up is under way wait for it and, if they need more, read again.
 */
export async function foldOf(app: StorageContext, list: string, atLeast = 0): Promise<Fold> {
  const running = memoryOf(catchingUp, app);
  const under = running.get(list);
  if (under) {
    const fold = await under;
    if (fold.upTo >= atLeast) return fold;
  }
  const next = catchUp(app, list, atLeast).finally(() => {
    if (running.get(list) === next) running.delete(list);
  });
  running.set(list, next);
  return next;
}

/** After a restore (or `admin reload`): the data may be older than what this process has folded. */
export function forgetFolds(app: StorageContext): void {
  folds.delete(app.mongo);
}

/** Counts and the viewer's own kinds on one target of a fold. */
export function summaryIn(fold: Fold, target: ReactionTarget, id: number, viewerId: number | null): ReactionSummary {
  const kinds = fold.targets.get(keyOf(target, id));
  if (!kinds) return NO_REACTIONS;
  const counts: ReactionSummary['counts'] = {};
  const mine: ReactionKind[] = [];
  for (const kind of REACTION_KINDS) {
    const members = kinds.get(kind);
    if (!members || members.size === 0) continue;
    counts[kind] = members.size;
    if (viewerId !== null && members.has(viewerId)) mine.push(kind);
  }
  return { counts, mine };
}

/** Who reacted with `kind` on one target of a fold, oldest first. */
export function reactorsIn(fold: Fold, target: ReactionTarget, id: number, kind: ReactionKind): number[] {
  return [...(fold.targets.get(keyOf(target, id))?.get(kind) ?? [])];
}

/** Whether the member has reacted with `kind` on one target, by the fold. */
export const hasReacted = (fold: Fold, target: ReactionTarget, id: number, kind: ReactionKind, memberId: number) =>
  fold.targets.get(keyOf(target, id))?.get(kind)?.has(memberId) ?? false;

/**
 * The summaries of a page of targets for a viewer, keyed `target:id`: each distinct list read once, all at once (the
 * heads' point reads go out as one command). A thread page's thread and replies share one list.
 */
export async function reactionSummaries(
  app: StorageContext,
  viewerId: number | null,
  refs: TargetRef[],
): Promise<Map<string, ReactionSummary>> {
  const lists = [...new Set(refs.map(listOf))];
  const read = new Map(await Promise.all(lists.map(async (list) => [list, await foldOf(app, list)] as const)));
  const summaries = new Map<string, ReactionSummary>();
  for (const ref of refs) {
    const fold = read.get(listOf(ref)) as Fold;
    summaries.set(keyOf(ref.target, ref.id), summaryIn(fold, ref.target, ref.id, viewerId));
  }
  return summaries;
}

/** One target's summary for a viewer. */
export async function reactionSummary(app: StorageContext, viewerId: number | null, ref: TargetRef) {
  return (await reactionSummaries(app, viewerId, [ref])).get(keyOf(ref.target, ref.id)) ?? NO_REACTIONS;
}

/**
 * `page`'s items each with its `reactions` as the viewer sees them. On a thread's page, `threadId`: every item's
 * reactions are in that thread's list, which is read while the page is. `among`: the only items that may have any (a
 * member's reacted messages), whose lists alone are read.
 */
export async function withReactions<T extends { id: number }>(
  app: StorageContext,
  viewerId: number | null,
  target: ReactionTarget,
  page: T[] | Promise<T[]>,
  { threadId, among }: { threadId?: number; among?: Set<number> } = {},
): Promise<(T & { reactions: ReactionSummary })[]> {
  if (threadId !== undefined) {
    const [items, fold] = await Promise.all([page, foldOf(app, listOf({ target, id: threadId, threadId }))]);
    return items.map((item) => ({ ...item, reactions: summaryIn(fold, target, item.id, viewerId) }));
  }
  const items = await page;
  if (items.length === 0) return [];
  const summaries = await reactionSummaries(
    app,
    viewerId,
    items.filter((item) => !among || among.has(item.id)).map((item) => ({ target, id: item.id })),
  );
  return items.map((item) => ({ ...item, reactions: summaries.get(keyOf(target, item.id)) ?? NO_REACTIONS }));
}
