import { setTimeout as sleep } from 'node:timers/promises';
import { LIMITS, type ThreadsQuery } from '@enclave/protocol';
import type { CategoryActivity } from '../categories/presenter.ts';
import { plainTextOfRecord } from '../formatting/cook.ts';
import { CreationTimes } from '../read-models/creation-times.ts';
import { newestOfBoth, OrderedIds } from '../read-models/ordered-ids.ts';
import { ReadModel } from '../read-models/read-model.ts';
import { replyCountOf } from '../replies/replies.ts';
import {
  dropSnapshot,
  findAllByNumericId,
  findByNumericId,
  headOf,
  highestId,
  itemKey,
  readAllById,
  readSnapshot,
  snapshotManifest,
  trimList,
  writeSnapshot,
} from '../storage/index.ts';
import { type ActivitySnapshot, SNAPSHOT_ID, type Tallies } from './activity-snapshot.ts';
import { CategoryTally } from './category-tally.ts';
import { type ForumChange, JOURNAL } from './forum-journal.ts';
import { decodeForum, encodeForum, type ForumSnapshotMeta, type ForumState } from './forum-snapshot.ts';
import { threadModels } from './models.ts';
import {
  canReadContent,
  canSee,
  type GatedThread,
  type Holdings,
  isStaffViewer,
  NO_HOLDINGS,
  type Viewer,
} from './policy.ts';
import type { ThreadRecord } from './thread-model.ts';
import { ThreadRecords } from './thread-records.ts';
import { fitOf, type Span, WordIndex } from './word-index.ts';

/**
 * What the forum index holds of a live thread: what lists filter, sort, gate and count on, and no text. A page's
 * threads are read by key (`ThreadRecords`); search reads the word index, and a text only to confirm a match.
 */
export interface ThreadFacts extends GatedThread {
  categoryId: number;
  sisterThreadId: number | null;
  createdAt: Date;
  lastReplyAt: Date | null;
  replyCount: number;
  /** A hash of the searchable text: a re-read whose text is unchanged (a reply) leaves the word index alone. */
  textHash: number;
}

/** A live thread as lists present it: the record, with the reply count and last reply the forum index holds. */
export type ListedThread = ThreadRecord & { replyCount: number; lastReplyAt: Date | null };

/** What a thread document says of its replies (written after each reply); the posts keep the truth. */
type ReplyHints = { replyCount?: number; lastReplyAt?: Date | null };

/** What the load reads of each thread: its facts and searchable text, never what it sells. */
const LOADED = Object.fromEntries(
  [
    'id',
    'authorId',
    'categoryId',
    'isApproved',
    'isPrivate',
    'allowedUserIds',
    'isPremium',
    'isSisterThread',
    'parentThreadId',
    'sisterThreadId',
    'hasUnlockableContent',
    'isGroupBuy',
    'createdAt',
    'replyCount',
    'lastReplyAt',
    'title',
    'tags',
    // The plain text where the source held markup (`text`), else the source itself: nothing is parsed at the load.
    'content',
    'text',
  ].map((field) => [field, 1]),
);
type LoadedThread = ThreadFacts & ReplyHints & Pick<ThreadRecord, 'title' | 'tags' | 'content' | 'text'>;

/** The categories' snapshot is written at most this often. */
const SNAPSHOT_EVERY_MS = 60_000;

/** Per category, a snapshot's count and newest activity, as the categories page shows them. */
const answered = (categoryIds: number[], tallies: Tallies): Map<number, CategoryActivity> =>
  new Map(
    categoryIds.map((id) => {
      const [count, newest] = tallies[id] ?? [0, 0];
      return [id, { threadCount: count, lastActivity: newest > 0 ? new Date(newest) : null }];
    }),
  );

/** Before the load ends, a list reads at most this many pages' worth of threads by key (a category's among 8), then waits. */
const EARLY_PAGES = 12;

/** The load reads this many threads per round trip, and indexes each batch before asking for the next. */
const LOAD_BATCH = 2000;

/** The forum index's snapshot, under this name (`storage/snapshots.ts`). */
const SNAPSHOT = 'forum-index';
/**
 * A snapshot waits this long after reading the journal's head before it takes the index's state: a change journaled
 * by then (before its write, or just after it) has been written and told to this process, so the state holds it.
 */
const SNAPSHOT_SETTLE_MS = 2000;
/** Journal items read by key per round trip at a start from the snapshot. */
const REPLAY_BATCH = 2000;

const lower = (text: string) => text.toLocaleLowerCase('en');

/** What search matches, lower-cased: title and tags (anyone), content (where the viewer may read it). */
interface SearchText {
  shown: string[];
  content: string;
}

/** Search matches the words a reader sees, not the markup: `**bold**` is found by `bold`, never by `strong`. */
const searchTextOf = (thread: Pick<ThreadRecord, 'title' | 'tags' | 'content' | 'text'>): SearchText => ({
  shown: [lower(thread.title), ...thread.tags.map(lower)],
  content: lower(plainTextOfRecord(thread)),
});

/** FNV-1a over the searchable text. */
function hashOf({ shown, content }: SearchText): number {
  let hash = 0x811c9dc5;
  for (const text of [...shown, content]) {
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    hash = Math.imul(hash ^ 0x0a, 0x01000193);
  }
  return hash | 0;
}

/** Shared by every public thread: most threads allow nobody in particular. */
const NOBODY: number[] = Object.freeze([]) as unknown as number[];

function factsOf(thread: LoadedThread | ListedThread, replyCount: number, text: SearchText): ThreadFacts {
  return {
    id: thread.id,
    authorId: thread.authorId,
    categoryId: thread.categoryId,
    isApproved: thread.isApproved ?? false,
    isPrivate: thread.isPrivate ?? false,
    allowedUserIds: thread.allowedUserIds?.length ? thread.allowedUserIds : NOBODY,
    isPremium: thread.isPremium ?? false,
    isSisterThread: thread.isSisterThread ?? false,
    parentThreadId: thread.parentThreadId ?? null,
    sisterThreadId: thread.sisterThreadId ?? null,
    hasUnlockableContent: thread.hasUnlockableContent ?? false,
    isGroupBuy: thread.isGroupBuy ?? false,
    createdAt: thread.createdAt,
    lastReplyAt: thread.lastReplyAt ?? null,
    replyCount,
    textHash: hashOf(text),
  };
}

/** A thread's latest activity, in ms: its creation or its last reply. */
const activityOf = (thread: ThreadFacts) => Math.max(thread.createdAt.getTime(), thread.lastReplyAt?.getTime() ?? 0);

/** Whether a thread's text holds the needle where the viewer may look: what the word index narrows to. */
function matchesText(thread: ListedThread, needle: string, readsContent: boolean): boolean {
  return (
    lower(thread.title).includes(needle) ||
    thread.tags.some((tag) => lower(tag).includes(needle)) ||
    (readsContent && lower(plainTextOfRecord(thread)).includes(needle))
  );
}

/** What a search may look into: title and tags always, content only where the thread page would show it. */
export interface SearchScope {
  q: string;
  /** What the viewer holds among these threads, for the read gate (`canReadContent`): asked of a page's candidates. */
  holdingsOf: (threads: ThreadFacts[]) => Promise<Holdings>;
}

/**
 * A candidate for a page: taken as it is, or (a search the word index cannot settle, or a match in content the viewer
 * may read only if they hold the thread) once its text and what the viewer holds confirm it.
 */
interface Candidate {
  facts: ThreadFacts;
  confirm: ((thread: ListedThread, holdings: Holdings) => boolean) | null;
}

/** In the approval queue: a member's thread not yet approved (a sister is approved with its parent). */
const queued = (thread: GatedThread) => !thread.isApproved && !thread.isSisterThread;

/** Who may see a pending or private thread besides staff (as `canSee` decides). */
const closedAudience = (thread: ThreadFacts): number[] =>
  thread.isApproved ? [thread.authorId, ...thread.allowedUserIds] : [thread.authorId];

/**
 * Every live thread's facts in memory, newest last: the forum's lists, its search, category counts and the staff
 * queues read from here, a page costing the page (its threads read by key, most from a bounded cache). Visibility is
 * `canSee`, the same rule the thread page applies, checked on the facts and again on the record read, so a list
 * never shows what the thread page would refuse.
 */
export class ForumIndex extends ReadModel<ThreadFacts> {
  /** The words of titles and tags, and of contents: search reads no text to find the threads that match. */
  #shownWords = new WordIndex();
  #contentWords = new WordIndex();
  /** Threads whose text changed since the load: their words include the old ones, so a match is confirmed. */
  readonly #rewritten = new Set<number>();
  /** Each read's searchable text, until it is indexed. */
  readonly #texts = new WeakMap<ThreadFacts, SearchText>();
  /** Live thread ids by author: the threads a member catches up on replies in (they started them). */
  readonly #byAuthor = new Map<number, Set<number>>();
  /**
   * Per category, the threads everyone sees (approved, not private), and all of them (what staff see): what lists
   * walk, so a page costs the threads the viewer sees, not those hidden from them (a busy approval queue's, issue #26).
   */
  readonly #open = new CategoryTally((id) => this.#activityOf(id));
  readonly #all = new CategoryTally((id) => this.#activityOf(id));
  /** The approval queue's threads (`queued`). */
  readonly #queued = new OrderedIds();
  /**
   * Pending or private threads, tallied per category under each member they are open to (their author; for an
   * approved private thread, its invited members too: `canSee`'s rule for members): a member's categories add their
   * own tallies, at the cost of the categories, not of the closed threads (GET /api/categories went 0.5 -> 0.9 ms
   * p50 from S to XL when every closed thread of the forum was checked, and 0.2 ms of it at XL was still a member's
   * thousand private threads, one by one).
   */
  readonly #closedTo = new Map<number, CategoryTally>();
  /** When each live thread that counts as one (not a premium sister) was created: the console's counts. */
  readonly #created = new CreationTimes();
  readonly #records = new ThreadRecords();
  /** The highest thread id when first asked before the load ended: where lists read by key start. */
  #top: Promise<number> | null = null;
  /** The categories' snapshot as read before the load ended, and when and what this process wrote last. */
  #snapshot: Promise<ActivitySnapshot | null> | null = null;
  #snapshotAt = 0;
  #snapshotKey = '';
  /** Bumped by each reload: a snapshot taken before one is not written (or is dropped). */
  #epoch = 0;
  /** The forum snapshot being written, if any. */
  #writing: Promise<boolean> | null = null;
  /** What this process started from: the snapshot's time and threads and the changes replayed, or null (a full load). */
  startedFrom: { at: Date; threads: number; replayed: number } | null = null;
  /** When the forum snapshot this process last started from or wrote was taken (a metric), or null. */
  snapshotAt: Date | null = null;

  /**
   * After a restore: texts may have changed under the same ids, so the words are indexed again, from a full load (the
   * snapshot describes other data: it is dropped, and written again after the load).
   */
  override reload(): Promise<void> {
    this.#epoch += 1;
    this.#shownWords = new WordIndex();
    this.#contentWords = new WordIndex();
    this.#rewritten.clear();
    this.startedFrom = null;
    this.app.afterwards('forum snapshot not dropped', () => dropSnapshot(this.app, SNAPSHOT));
    return super.reload();
  }

  protected async *readAll(): AsyncIterable<ThreadFacts> {
    // The first load starts from the snapshot when there is one; a reload (a restore) reads every thread.
    const restored = this.#epoch === 0 ? await this.#restored() : null;
    if (restored) {
      yield* restored;
      if (!this.loaded) this.#snapshotNow();
      return;
    }
    yield* this.#readEveryThread();
    if (this.app.config.FORUM_SNAPSHOT_MS > 0) {
      const after = new Date();
      this.app.afterwards('forum snapshot not written', () => this.writeSnapshot({ unlessNewerThan: after }));
    }
  }

  /**
   * The index as the last snapshot left it, with the threads changed since (the journal after the snapshot's head,
   * and the ids above its highest) read again by key: null when there is no snapshot to start from (none written, a
   * torn one, another format), and the load reads every thread.
   */
  async #restored(): Promise<ThreadFacts[] | null> {
    const started = Date.now();
    let state: ForumState | null = null;
    let meta: ForumSnapshotMeta;
    let at: Date;
    try {
      const snapshot = await readSnapshot(this.app, SNAPSHOT);
      if (!snapshot) return null;
      state = decodeForum(snapshot.data, NOBODY);
      meta = snapshot.manifest.meta as unknown as ForumSnapshotMeta;
      at = snapshot.manifest.at;
    } catch (err) {
      this.app.log.warn({ err }, 'forum snapshot not read: every thread is read');
      return null;
    }
    if (!state) return null;
    const { Thread, ForumChange } = threadModels(this.app);
    const head = await headOf(this.app, ForumChange, JOURNAL);
    const changed = new Set<number>();
    for (let from = meta.head + 1; from <= head; from += REPLAY_BATCH) {
      const keys = Array.from({ length: Math.min(REPLAY_BATCH, head - from + 1) }, (_, i) =>
        itemKey(JOURNAL, from + i),
      );
      for (const item of await readAllById<ForumChange>(ForumChange, keys)) if (item) changed.add(item.threadId);
    }
    // Threads created since whose journal item a crash lost: every id above the snapshot's highest, by key.
    const newest = await highestId(Thread, meta.top);
    this.#top ??= Promise.resolve(newest);
    for (let id = meta.top + 1; id <= newest; id++) changed.add(id);
    const before = new Map(state.facts.map((facts) => [facts.id, facts]));
    const reread = (await Promise.all([...changed].map((id) => this.readOne(id)))).filter((facts) => facts !== null);
    this.#shownWords = state.shown;
    this.#contentWords = state.content;
    for (const id of state.rewritten) this.#rewritten.add(id);
    // The words of a thread whose text changed since include the old ones: its matches are confirmed on its text.
    for (const facts of reread)
      if (before.has(facts.id) && before.get(facts.id)?.textHash !== facts.textHash) this.#rewritten.add(facts.id);
    const kept = state.facts.filter((facts) => !changed.has(facts.id)) as ThreadFacts[];
    this.startedFrom = { at, threads: kept.length + reread.length, replayed: changed.size };
    this.snapshotAt = at;
    this.app.log.info(
      {
        snapshotAgeS: Math.round((started - at.getTime()) / 1000),
        threads: this.startedFrom.threads,
        replayed: changed.size,
        ms: Date.now() - started,
      },
      'forum index started from its snapshot',
    );
    return [...kept, ...reread];
  }

  async *#readEveryThread(): AsyncIterable<ThreadFacts> {
    const threads = threadModels(this.app)
      .Thread.find({ deletedAt: null }, LOADED)
      .lean<LoadedThread[]>()
      .cursor({ batchSize: LOAD_BATCH });
    for await (const thread of threads) {
      const text = searchTextOf(thread);
      // The hints, not the posts: reading every thread's replies would read the largest collection at start.
      const facts = factsOf(thread, thread.replyCount ?? 0, text);
      this.#texts.set(facts, text);
      yield facts;
    }
    // Asked for after the last thread is stored.
    this.#shownWords.compact();
    this.#contentWords.compact();
    // After a start, not after a restore's reload: what was restored stays as it was until the page is read.
    if (!this.loaded) this.#snapshotNow();
  }

  /**
   * Writes the index's state as the forum snapshot, which a start reads instead of every thread: the journal's head
   * and the highest thread id are read first, then (after a settling pause, and once every change told is applied)
   * the state, so every change journaled up to that head is in it. The journal up to the previous snapshot's head is
   * deleted (no start reads it again). `unlessNewerThan`: skipped when another wrote a snapshot since (after a
   * restore, each process's reload). Answers whether it wrote one.
   */
  writeSnapshot(options: { settleMs?: number; unlessNewerThan?: Date } = {}): Promise<boolean> {
    this.#writing ??= this.#writeSnapshot(options).finally(() => {
      this.#writing = null;
    });
    return this.#writing;
  }

  async #writeSnapshot({
    settleMs = SNAPSHOT_SETTLE_MS,
    unlessNewerThan,
  }: {
    settleMs?: number;
    unlessNewerThan?: Date;
  }) {
    const epoch = this.#epoch;
    const { Thread, ForumChange } = threadModels(this.app);
    const previous = await snapshotManifest(this.app, SNAPSHOT);
    if (unlessNewerThan && previous && previous.at > unlessNewerThan) return false;
    await this.current();
    const [head, top] = await Promise.all([
      headOf(this.app, ForumChange, JOURNAL),
      highestId(Thread, this.#all.ids().highest),
    ]);
    if (settleMs > 0) await sleep(settleMs);
    await this.current();
    if (epoch !== this.#epoch) return false;
    const facts = [...this.#all.ids()].map((id) => this.byId.get(id) as ThreadFacts);
    const state = { facts, shown: this.#shownWords, content: this.#contentWords, rewritten: [...this.#rewritten] };
    const last = previous?.meta as Partial<ForumSnapshotMeta> | undefined;
    const trim = { from: (last?.trimmedTo ?? 0) + 1, to: last?.head ?? 0 };
    const meta: ForumSnapshotMeta = { head, top, threads: facts.length, trimmedTo: Math.max(trim.from - 1, trim.to) };
    const taken = new Date();
    await writeSnapshot(this.app, SNAPSHOT, encodeForum(state), { ...meta });
    // A reload began meanwhile: what was written describes the data before it.
    if (epoch !== this.#epoch) {
      await dropSnapshot(this.app, SNAPSHOT);
      return false;
    }
    this.snapshotAt = taken;
    await trimList(this.app, ForumChange, JOURNAL, trim.from, trim.to);
    return true;
  }

  /** The periodic snapshot: written when the last one is older than half the period and threads changed since. */
  async snapshotIfDue(): Promise<boolean> {
    if (!this.loaded) return false;
    const latest = await snapshotManifest(this.app, SNAPSHOT);
    if (latest && Date.now() - latest.at.getTime() < this.app.config.FORUM_SNAPSHOT_MS / 2) return false;
    const head = await headOf(this.app, threadModels(this.app).ForumChange, JOURNAL);
    if (latest && (latest.meta as unknown as ForumSnapshotMeta).head === head) return false;
    return this.writeSnapshot();
  }

  protected async readOne(id: number): Promise<ThreadFacts | null> {
    const [thread, replyCount] = await Promise.all([
      findByNumericId<ThreadRecord & ReplyHints>(threadModels(this.app).Thread, id),
      replyCountOf(this.app, id),
    ]);
    if (!thread || thread.deletedAt) return null;
    const listed = { ...thread, replyCount, lastReplyAt: thread.lastReplyAt ?? null };
    const text = searchTextOf(thread);
    const facts = factsOf(listed, replyCount, text);
    this.#texts.set(facts, text);
    this.#records.hold(facts, listed);
    return facts;
  }

  protected stored(record: ThreadFacts, previous: ThreadFacts | undefined): void {
    if (previous) this.#untally(previous);
    this.#tally(record);
    const text = this.#texts.get(record);
    this.#texts.delete(record);
    if (text && record.textHash !== previous?.textHash) {
      this.#shownWords.add(record.id, text.shown);
      this.#contentWords.add(record.id, [text.content]);
      if (previous) this.#rewritten.add(record.id);
    }
    if (previous) return;
    const authored = this.#byAuthor.get(record.authorId) ?? new Set<number>();
    this.#byAuthor.set(record.authorId, authored.add(record.id));
  }

  protected dropped(previous: ThreadFacts): void {
    this.#untally(previous);
    this.#byAuthor.get(previous.authorId)?.delete(previous.id);
    this.#records.forget(previous.id);
  }

  #activityOf(id: number): number {
    const thread = this.byId.get(id);
    return thread ? activityOf(thread) : 0;
  }

  #tally(thread: ThreadFacts): void {
    if (!thread.isSisterThread) this.#created.add(thread.createdAt);
    const activity = activityOf(thread);
    this.#all.add(thread.categoryId, thread.id, activity);
    const open = thread.isApproved && !thread.isPrivate;
    const tallies = open ? [this.#open] : closedAudience(thread).map((member) => this.#closedOf(member));
    for (const tally of tallies) tally.add(thread.categoryId, thread.id, activity);
    if (queued(thread)) this.#queued.add(thread.id);
  }

  #closedOf(member: number): CategoryTally {
    let closed = this.#closedTo.get(member);
    if (!closed) {
      closed = new CategoryTally((id) => this.#activityOf(id));
      this.#closedTo.set(member, closed);
    }
    return closed;
  }

  #untally(thread: ThreadFacts): void {
    if (!thread.isSisterThread) this.#created.remove(thread.createdAt);
    const activity = activityOf(thread);
    this.#all.remove(thread.categoryId, thread.id, activity);
    this.#open.remove(thread.categoryId, thread.id, activity);
    for (const member of closedAudience(thread)) {
      const closed = this.#closedTo.get(member);
      closed?.remove(thread.categoryId, thread.id, activity);
      if (closed?.isEmpty()) this.#closedTo.delete(member);
    }
    this.#queued.delete(thread.id);
  }

  /**
   * The live threads the viewer may see, newest first below `before`, in one category or all: staff every thread,
   * others the open ones and those open to them (`closedAudience`, as `canSee` decides).
   */
  #visibleTo(viewer: Viewer, categoryId: number | undefined, before: number | undefined): Iterator<number> {
    const newest = (tally: CategoryTally) => tally.ids(categoryId).walk('newest', before);
    if (isStaffViewer(viewer)) return newest(this.#all);
    const closed = viewer && this.#closedTo.get(viewer.id);
    return closed ? newestOfBoth(newest(this.#open), newest(closed)) : newest(this.#open);
  }

  /** The facts of live threads by id, in the order given (one dropped meanwhile is left out). */
  *#factsOf(ids: Iterator<number>): Generator<ThreadFacts> {
    for (let next = ids.next(); !next.done; next = ids.next()) {
      const facts = this.byId.get(next.value);
      if (facts) yield facts;
    }
  }

  /**
   * Up to `limit` candidates in order, as lists present them: read by key a page's worth at a time (the cache holds
   * the recent ones), dropped when the record read no longer `shows` (a change not yet told) or, for a search, its
   * `confirm` says no: what the viewer holds is asked only of those, a page at a time.
   */
  async #page(
    candidates: Iterator<Candidate>,
    limit: number,
    shows: (thread: ListedThread) => boolean,
    holdingsOf?: SearchScope['holdingsOf'],
  ): Promise<ListedThread[]> {
    const page: ListedThread[] = [];
    for (let done = false; !done && page.length < limit; ) {
      const batch: Candidate[] = [];
      while (batch.length < limit - page.length) {
        const next = candidates.next();
        if (next.done) {
          done = true;
          break;
        }
        batch.push(next.value);
      }
      // A warm page is all held records: promises only for the ones to read (a busy list's cost, issue #26).
      const held = batch.map(({ facts }) => this.#records.held(facts));
      const threads = held.every(Boolean)
        ? held
        : await Promise.all(batch.map(({ facts }, i) => held[i] ?? this.#records.read(this.app, facts)));
      const asked = batch.flatMap(({ facts, confirm }) => (confirm ? [facts] : []));
      const holdings = asked.length > 0 && holdingsOf ? await holdingsOf(asked) : NO_HOLDINGS;
      threads.forEach((thread, i) => {
        const confirm = batch[i]?.confirm;
        if (thread && shows(thread) && (!confirm || confirm(thread, holdings))) page.push(thread);
      });
    }
    return page;
  }

  /** GET /api/threads and the console's lists: what the viewer may see, newest first. */
  async list(viewer: Viewer, query: ThreadsQuery, search: SearchScope | null): Promise<ListedThread[]> {
    // Whichever comes first: the page read by key, or the load (from a snapshot, a few hundred ms at L), after which
    // the reads by key stop at their next round.
    const early =
      this.loaded || search
        ? null
        : await Promise.race([this.#listedByKey(viewer, query), this.current().then(() => null)]);
    if (early) return early;
    await this.current();
    const shown = (facts: ThreadFacts) =>
      (query.categoryId === undefined || facts.categoryId === query.categoryId) && canSee(viewer, facts);
    const found = search
      ? this.#searched(viewer, search, query.before, shown)
      : this.#taken(this.#factsOf(this.#visibleTo(viewer, query.categoryId, query.before)), shown);
    const limit = query.limit ?? LIMITS.threadPageSizeDefault;
    return this.#page(found, limit, (thread) => canSee(viewer, thread), search?.holdingsOf);
  }

  /**
   * Until the load ends (the first seconds after a start), a list without search is read by key, newest first from
   * the highest id, its reply counts the threads' hints: an ordinary list finds its page within a few pages' reads. A
   * list of rare threads (a small category, a member who sees little) waits for the load instead: null, as does a
   * read the load overtook.
   */
  async #listedByKey(viewer: Viewer, query: ThreadsQuery): Promise<ListedThread[] | null> {
    const limit = query.limit ?? LIMITS.threadPageSizeDefault;
    const { Thread } = threadModels(this.app);
    this.#top ??= highestId(Thread).catch((error: unknown) => {
      this.#top = null;
      throw error;
    });
    const top = Math.max(await this.#top, this.#all.ids().highest);
    const page: ListedThread[] = [];
    let next = Math.min(top, (query.before ?? Number.POSITIVE_INFINITY) - 1);
    const budget = limit * EARLY_PAGES;
    // A page's worth first; then twice as many each read, since what the last one found was too few (a category's
    // list finds about one thread in eight): a category's first page in 3-4 round trips instead of 8.
    for (let read = 0, size = limit; page.length < limit && next >= 1; size *= 2) {
      if (read >= budget || this.loaded) return null;
      const ids = Array.from({ length: Math.min(size, next, budget - read) }, (_, i) => next - i);
      next -= ids.length;
      read += ids.length;
      const threads = await findAllByNumericId<ThreadRecord & ReplyHints>(Thread, ids);
      threads.sort((a, b) => b.id - a.id);
      for (const thread of threads) {
        if (thread.deletedAt || (query.categoryId !== undefined && thread.categoryId !== query.categoryId)) continue;
        if (!canSee(viewer, thread) || page.length === limit) continue;
        page.push({ ...thread, replyCount: thread.replyCount ?? 0, lastReplyAt: thread.lastReplyAt ?? null });
      }
    }
    return page;
  }

  *#taken(walk: Iterable<ThreadFacts>, accept: (facts: ThreadFacts) => boolean): Generator<Candidate> {
    for (const facts of walk) if (accept(facts)) yield { facts, confirm: null };
  }

  /**
   * The threads a search finds, from the word index: a thread is a candidate when its title or tags, or its content
   * where the viewer may read it, have a word for every run of the search. For a search of one run that is the
   * answer; a search of several runs (or a thread whose text changed) is confirmed on the thread's text, and a match
   * only in content that opens to a holding (premium) on what the viewer holds, asked of those threads alone: a search
   * costs what it finds, never a read of everything the member holds. Newest first below `before`, by the marks rather
   * than a walk of every thread: a search that finds few reads few facts.
   */
  *#searched(
    viewer: Viewer,
    search: SearchScope,
    before: number | undefined,
    accept: (facts: ThreadFacts) => boolean,
  ): Generator<Candidate> {
    const needle = lower(search.q);
    const runs = needle.split(/\s+/).filter(Boolean);
    const size = this.#all.ids().highest + 1;
    // Only the ids between the lowest and highest the last run raised can match: a search that finds nothing or a
    // few recent threads reads none or a few marks, not one per thread of the forum.
    const raised = { low: size, high: 0 };
    const [inShown, inContent] = [this.#shownWords, this.#contentWords].map((words) => {
      const marks = new Uint8Array(size);
      let last: Span | null = null;
      for (const [i, run] of runs.entries()) last = words.mark(run, fitOf(i, runs.length), marks, i + 1);
      raised.low = Math.min(raised.low, last?.low ?? size);
      raised.high = Math.max(raised.high, last?.high ?? 0);
      return marks;
    }) as [Uint8Array, Uint8Array];
    for (let id = Math.min(raised.high + 1, before ?? size) - 1; id >= raised.low; id--) {
      if (inShown[id] !== runs.length && inContent[id] !== runs.length) continue;
      const facts = this.byId.get(id);
      if (!facts || !accept(facts)) continue;
      // Found in its title or tags, or in content the gate opens without a holding: no holding to ask about.
      const open = inShown[id] === runs.length || canReadContent(viewer, facts, NO_HOLDINGS);
      const settled = runs.length === 1 && !this.#rewritten.has(id);
      const confirm = (thread: ListedThread, holdings: Holdings) => {
        const reads = canReadContent(viewer, thread, holdings);
        return settled ? reads : matchesText(thread, needle, reads);
      };
      yield { facts, confirm: settled && open ? null : confirm };
    }
  }

  /**
   * One live thread as its page shows it (the record, from the cache or by key), or undefined if none is held (or the
   * load has not ended yet: the caller reads it by key).
   */
  async thread(id: number): Promise<ListedThread | undefined> {
    if (!this.loaded) return undefined;
    await this.current();
    const facts = this.byId.get(id);
    return (facts && (await this.#records.read(this.app, facts))) ?? undefined;
  }

  /** The live threads `authorId` started. */
  async startedBy(authorId: number): Promise<ThreadFacts[]> {
    await this.current();
    return [...(this.#byAuthor.get(authorId) ?? [])].map((id) => this.byId.get(id) as ThreadFacts);
  }

  /** The approval queue, oldest first. */
  async pending(limit: number): Promise<ListedThread[]> {
    await this.current();
    return this.#page(this.#taken(this.#factsOf(this.#queued.walk('oldest')), queued), limit, queued);
  }

  /**
   * Per category, the threads the viewer may see and the newest of their creation and reply times: staff see all,
   * others what everyone sees plus the pending or private threads open to them. Until the load ends, as the last
   * snapshot says (without those private threads), when there is one.
   */
  async activity(viewer: Viewer, categoryIds: number[]): Promise<Map<number, CategoryActivity>> {
    const snapshot = this.loaded ? null : await this.#lastSnapshot();
    if (snapshot) return answered(categoryIds, isStaffViewer(viewer) ? snapshot.all : snapshot.open);
    await this.current();
    this.#snapshotNow();
    const staff = isStaffViewer(viewer);
    const tally = staff ? this.#all : this.#open;
    const closed = staff || !viewer ? undefined : this.#closedTo.get(viewer.id);
    return new Map(
      categoryIds.map((id) => {
        const count = tally.count(id) + (closed?.count(id) ?? 0);
        const newest = Math.max(tally.newest(id) ?? 0, closed?.newest(id) ?? 0);
        return [id, { threadCount: count, lastActivity: newest > 0 ? new Date(newest) : null }];
      }),
    );
  }

  /** The snapshot written last, read by key once (null when none was written, or it cannot be read). */
  #lastSnapshot(): Promise<ActivitySnapshot | null> {
    const { ActivitySnapshot } = threadModels(this.app);
    this.#snapshot ??= ActivitySnapshot.findById(SNAPSHOT_ID)
      .lean<ActivitySnapshot>()
      .catch(() => null);
    return this.#snapshot;
  }

  /** Writes the categories' tallies (after the load, then at most once a minute, as the page is read) when they changed. */
  #snapshotNow(): void {
    const now = Date.now();
    if (now - this.#snapshotAt < SNAPSHOT_EVERY_MS) return;
    const tallies = { open: this.#open.tallies(), all: this.#all.tallies() };
    const key = JSON.stringify(tallies);
    if (key === this.#snapshotKey) return;
    [this.#snapshotAt, this.#snapshotKey] = [now, key];
    const { ActivitySnapshot } = threadModels(this.app);
    this.app.afterwards('forum activity snapshot not written', () =>
      ActivitySnapshot.replaceOne({ _id: SNAPSHOT_ID }, tallies, { upsert: true }),
    );
  }

  /** Live threads (premium sisters are part of their parent), all or created since `since`. */
  async count(since: Date | null): Promise<number> {
    await this.current();
    return this.#created.count(since);
  }

  /** Live threads filed under the category (one that has any cannot be deleted). */
  async countIn(categoryId: number): Promise<number> {
    await this.current();
    return this.#all.count(categoryId);
  }
}
