import { completionOf, isPaidPlace, placeOf } from '../group-buys/state.ts';
import { append, headOf, readById, readRange, type StorageContext } from '../storage/index.ts';
import { type HeldThread, type HoldingKind, holdingKey, holdingsList } from './holding-model.ts';
import type { HoldingsMemory } from './holdings-memory.ts';
import { threadModels } from './models.ts';
import { type Holdings, isStaffViewer, NO_HOLDINGS, type Viewer } from './policy.ts';
import type { ThreadRecord } from './thread-model.ts';

/** What a thread sells, as far as the question of holding it goes. */
type AskedThread = Pick<ThreadRecord, 'id' | 'parentThreadId' | 'isGroupBuy' | 'isPremium' | 'hasUnlockableContent'>;

/** The live threads, as the forum index holds them (`ForumIndex`): a deleted thread is absent. */
export interface LiveThreads {
  /** Resolves once every change told so far is held. */
  current(): Promise<void>;
  get(id: number): Pick<ThreadRecord, 'sisterThreadId'> | undefined;
}

/**
 * What thread access needs of its caller: the database (holding, place and outcome documents, the holdings lists),
 * the process's memory of answers, and the live threads. The app is one; a unit test builds one without it
 * (threads/access.test.ts). Each function below takes only the part it uses.
 */
export interface AccessContext extends StorageContext {
  holdings: Pick<HoldingsMemory, 'ofMember' | 'completion'>;
  forum: LiveThreads;
}

/** What `holdingsOf` asks with: documents read by key, answers remembered. */
type AskingContext = Pick<AccessContext, 'mongo' | 'holdings'>;

/** What a member's holdings across the forum are read with: their holdings list, by the live threads. */
type ListingContext = Omit<AccessContext, 'holdings'>;

const holds = (app: AskingContext, threadId: number, userId: number, kind: HoldingKind) =>
  app.holdings.ofMember(
    userId,
    `${kind}:${threadId}`,
    async () => (await readById(threadModels(app).Holding, holdingKey(threadId, userId, kind))) !== null,
  );

/** A paid place in a completed group buy; the place is asked only once the buy has completed, when it is final. */
async function holdsCompletedGroupBuy(app: AskingContext, threadId: number, userId: number): Promise<boolean> {
  const completed = await app.holdings.completion(threadId, async () => (await completionOf(app, threadId)) !== null);
  if (!completed) return false;
  return app.holdings.ofMember(userId, `place:${threadId}`, async () =>
    isPaidPlace(await placeOf(app, threadId, userId)),
  );
}

/**
 * What the viewer holds among these threads (and their parents, whose unlock opens a sister), read
 * from the holding and group-buy documents by key and remembered (`HoldingsMemory`): only what each
 * thread sells is asked, and a page's questions are asked together.
 */
export async function holdingsOf(app: AskingContext, viewer: Viewer, threads: AskedThread[]): Promise<Holdings> {
  if (viewer === null || isStaffViewer(viewer) || threads.length === 0) return NO_HOLDINGS;
  const asks = new Map<string, Promise<boolean>>();
  const ask = (key: string, question: () => Promise<boolean>) => {
    if (!asks.has(key)) asks.set(key, question());
  };
  for (const thread of threads) {
    if (thread.isPremium) ask(`purchase:${thread.id}`, () => holds(app, thread.id, viewer.id, 'purchase'));
    if (thread.hasUnlockableContent) ask(`unlock:${thread.id}`, () => holds(app, thread.id, viewer.id, 'unlock'));
    if (thread.parentThreadId) {
      const parent = thread.parentThreadId;
      ask(`unlock:${parent}`, () => holds(app, parent, viewer.id, 'unlock'));
    }
    if (thread.isGroupBuy) ask(`groupBuys:${thread.id}`, () => holdsCompletedGroupBuy(app, thread.id, viewer.id));
  }
  const holdings = { purchased: new Set<number>(), unlocked: new Set<number>(), groupBuys: new Set<number>() };
  const keys = [...asks.keys()];
  const answers = await Promise.all(asks.values());
  keys.forEach((key, i) => {
    if (!answers[i]) return;
    const [kind, id] = key.split(':') as ['purchase' | 'unlock' | 'groupBuys', string];
    ({ purchase: holdings.purchased, unlock: holdings.unlocked, groupBuys: holdings.groupBuys })[kind].add(Number(id));
  });
  return holdings;
}

/**
 * Adds to the member's holdings list, read for the list of what they unlocked; best effort (access is decided by the
 * documents).
 */
export async function recordHolding(
  app: StorageContext,
  userId: number,
  threadId: number,
  kind: HeldThread['kind'],
): Promise<void> {
  try {
    await append<HeldThread>(app, threadModels(app).HeldThread, holdingsList(userId), () => ({
      threadId,
      kind,
      createdAt: new Date(),
    }));
  } catch (err) {
    app.log.warn({ err, userId, threadId }, 'holding not recorded');
  }
}

/**
 * What the member holds across the forum, from their holdings list and a few reads by key (the list of what they
 * unlocked; a search asks `holdingsOf` of what it finds), and a completed buy's place only once complete.
 * The forum index holds the live threads: a deleted one drops out without a read.
 */
export async function holdingsOfMember(app: ListingContext, userId: number): Promise<Holdings> {
  const model = threadModels(app).HeldThread;
  const list = holdingsList(userId);
  const [items] = await Promise.all([
    readRange<HeldThread>(app, model, list, 1, await headOf(app, model, list)),
    app.forum.current(),
  ]);
  const live = items.filter((item) => app.forum.get(item.threadId));
  const completed = await Promise.all(
    live.map(async (item) => item.kind === 'groupBuy' && (await completionOf(app, item.threadId)) !== null),
  );
  const ids = (kind: HeldThread['kind']) => live.filter((item) => item.kind === kind).map((item) => item.threadId);
  return {
    purchased: new Set(ids('purchase')),
    unlocked: new Set(ids('unlock')),
    groupBuys: new Set(live.filter((_, i) => completed[i]).map((item) => item.threadId)),
  };
}

/** Every live thread whose paid content or discussion the member holds (an unlocked discussion opens its sister too). */
export async function heldThreadIds(app: ListingContext, userId: number): Promise<number[]> {
  const { purchased, unlocked, groupBuys } = await holdingsOfMember(app, userId);
  const sisters = [...unlocked].flatMap((id) => app.forum.get(id)?.sisterThreadId ?? []);
  const held = [...purchased, ...unlocked, ...groupBuys, ...sisters].filter((id) => app.forum.get(id));
  return [...new Set(held)].sort((a, b) => a - b);
}
