import { LIMITS, type ThreadsQuery } from '@enclave/protocol';
import type { CategoryActivity } from '../categories/presenter.ts';
import { CreationTimes, lowerBound } from '../read-models/creation-times.ts';
import { ReadModel } from '../read-models/read-model.ts';
import { replyCountOf } from '../replies/replies.ts';
import { findByNumericId } from '../storage/index.ts';
import { CategoryTally } from './category-tally.ts';
import { threadModels } from './models.ts';
import { canReadContent, canSee, type Holdings, isStaffViewer, type Viewer } from './policy.ts';
import type { ThreadRecord } from './thread-model.ts';
import { WordIndex } from './word-index.ts';

/** A live thread as the lists show it, with its reply count and the lower-cased text search matches. */
export type IndexedThread = ThreadRecord & {
  replyCount: number;
  lastReplyAt: Date | null;
  search: { title: string; tags: string[]; content: string };
};

/** What a thread document says of its replies (written after each reply); the posts keep the truth. */
type ReplyHints = { replyCount?: number; lastReplyAt?: Date | null };

const lower = (text: string) => text.toLocaleLowerCase('en');

function indexed(thread: ThreadRecord & ReplyHints, replyCount: number): IndexedThread {
  return {
    ...thread,
    replyCount,
    lastReplyAt: thread.lastReplyAt ?? null,
    search: { title: lower(thread.title), tags: thread.tags.map(lower), content: lower(thread.content) },
  };
}

/** What a search may look into: title and tags always, content only where the thread page would show it. */
export interface SearchScope {
  q: string;
  /** What the viewer holds across the forum, for the read gate (`canReadContent`). */
  holdings: Holdings;
}

/**
 * Every live thread in memory, newest last: the forum's lists, its search, category counts and the
 * staff queues read from here, a page costing the page. Visibility is `canSee`, the same rule the
 * thread page applies, so a list never shows what the thread page would refuse.
 */
export class ForumIndex extends ReadModel<IndexedThread> {
  /** Live thread ids, ascending. */
  readonly #ids: number[] = [];
  /** The words of titles and tags, and of contents: search reads only the threads whose words can match. */
  readonly #shownWords = new WordIndex();
  readonly #contentWords = new WordIndex();
  /** Live thread ids by author: the threads a member catches up on replies in (they started them). */
  readonly #byAuthor = new Map<number, Set<number>>();
  /** Per category, the threads everyone sees (approved, not private), and all of them (what staff see). */
  readonly #open = new CategoryTally();
  readonly #all = new CategoryTally();
  /** Pending or private threads: a member's categories add those among them they may see. Few. */
  readonly #closed = new Set<number>();
  /** When each live thread that counts as one (not a premium sister) was created: the console's counts. */
  readonly #created = new CreationTimes();

  protected async readAll(): Promise<IndexedThread[]> {
    const threads = await threadModels(this.app).Thread.find({ deletedAt: null }).lean<(ThreadRecord & ReplyHints)[]>();
    // The hints, not the posts: reading every thread's replies would read the largest collection at start.
    return threads.map((thread) => indexed(thread, thread.replyCount ?? 0));
  }

  protected async readOne(id: number): Promise<IndexedThread | null> {
    const [thread, replyCount] = await Promise.all([
      findByNumericId<ThreadRecord & ReplyHints>(threadModels(this.app).Thread, id),
      replyCountOf(this.app, id),
    ]);
    if (!thread || thread.deletedAt) return null;
    return indexed(thread, replyCount);
  }

  protected stored(record: IndexedThread, previous: IndexedThread | undefined): void {
    if (previous) this.#untally(previous);
    this.#tally(record);
    if (previous) this.#unindexWords(previous);
    this.#shownWords.add(record.id, [record.search.title, ...record.search.tags]);
    this.#contentWords.add(record.id, [record.search.content]);
    if (previous) return;
    const authored = this.#byAuthor.get(record.authorId) ?? new Set<number>();
    this.#byAuthor.set(record.authorId, authored.add(record.id));
    const at = lowerBound(this.#ids, record.id);
    this.#ids.splice(at, 0, record.id);
  }

  protected dropped(previous: IndexedThread): void {
    this.#untally(previous);
    this.#unindexWords(previous);
    this.#byAuthor.get(previous.authorId)?.delete(previous.id);
    const at = lowerBound(this.#ids, previous.id);
    if (this.#ids[at] === previous.id) this.#ids.splice(at, 1);
  }

  #tally(thread: IndexedThread): void {
    if (!thread.isSisterThread) this.#created.add(thread.createdAt);
    const activity = Math.max(thread.createdAt.getTime(), thread.lastReplyAt?.getTime() ?? 0);
    this.#all.add(thread.categoryId, thread.id, activity);
    if (thread.isApproved && !thread.isPrivate) this.#open.add(thread.categoryId, thread.id, activity);
    else this.#closed.add(thread.id);
  }

  #untally(thread: IndexedThread): void {
    if (!thread.isSisterThread) this.#created.remove(thread.createdAt);
    this.#all.remove(thread.categoryId, thread.id);
    this.#open.remove(thread.categoryId, thread.id);
    this.#closed.delete(thread.id);
  }

  #unindexWords(thread: IndexedThread): void {
    this.#shownWords.remove(thread.id, [thread.search.title, ...thread.search.tags]);
    this.#contentWords.remove(thread.id, [thread.search.content]);
  }

  /** Whether a thread's words can hold the needle; null when the word indexes do not narrow it. */
  #candidates(needle: string | null): ((id: number) => boolean) | null {
    if (needle === null) return null;
    const [shown, content] = [this.#shownWords.candidates(needle), this.#contentWords.candidates(needle)];
    return shown && content ? (id) => shown(id) || content(id) : null;
  }

  /** Threads newest first, from below `before`, that `accept` takes, at most `limit`. */
  #newest(accept: (thread: IndexedThread) => boolean, before: number | undefined, limit: number): IndexedThread[] {
    const page: IndexedThread[] = [];
    for (let at = before === undefined ? this.#ids.length - 1 : lowerBound(this.#ids, before) - 1; at >= 0; at--) {
      const thread = this.byId.get(this.#ids[at] as number) as IndexedThread;
      if (!accept(thread)) continue;
      page.push(thread);
      if (page.length === limit) break;
    }
    return page;
  }

  /** GET /api/threads and the console's lists: what the viewer may see, newest first. */
  async list(viewer: Viewer, query: ThreadsQuery, search: SearchScope | null): Promise<IndexedThread[]> {
    await this.current();
    const needle = search ? lower(search.q) : null;
    const candidate = this.#candidates(needle);
    const matches = (thread: IndexedThread) =>
      needle === null ||
      ((candidate === null || candidate(thread.id)) &&
        (thread.search.title.includes(needle) ||
          thread.search.tags.some((tag) => tag.includes(needle)) ||
          (search !== null &&
            canReadContent(viewer, thread, search.holdings) &&
            thread.search.content.includes(needle))));
    return this.#newest(
      (thread) =>
        (query.categoryId === undefined || thread.categoryId === query.categoryId) &&
        canSee(viewer, thread) &&
        matches(thread),
      query.before,
      query.limit ?? LIMITS.threadPageSizeDefault,
    );
  }

  /** The live threads `authorId` started. */
  async startedBy(authorId: number): Promise<IndexedThread[]> {
    await this.current();
    return [...(this.#byAuthor.get(authorId) ?? [])].map((id) => this.byId.get(id) as IndexedThread);
  }

  /** The approval queue, oldest first: members' threads (a sister is approved with its parent). */
  async pending(limit: number): Promise<IndexedThread[]> {
    await this.current();
    const queue: IndexedThread[] = [];
    for (const id of this.#ids) {
      const thread = this.byId.get(id) as IndexedThread;
      if (thread.isApproved || thread.isSisterThread) continue;
      queue.push(thread);
      if (queue.length === limit) break;
    }
    return queue;
  }

  /**
   * Per category, the threads the viewer may see and the newest of their creation and reply times: staff see all,
   * others what everyone sees plus the pending or private threads open to them.
   */
  async activity(viewer: Viewer, categoryIds: number[]): Promise<Map<number, CategoryActivity>> {
    await this.current();
    const tally = isStaffViewer(viewer) ? this.#all : this.#open;
    const activity = new Map(categoryIds.map((id) => [id, { count: tally.count(id), newest: tally.newest(id) ?? 0 }]));
    if (tally === this.#open) {
      for (const id of this.#closed) {
        const thread = this.byId.get(id) as IndexedThread;
        const entry = activity.get(thread.categoryId);
        if (!entry || !canSee(viewer, thread)) continue;
        entry.count += 1;
        entry.newest = Math.max(entry.newest, thread.createdAt.getTime(), thread.lastReplyAt?.getTime() ?? 0);
      }
    }
    return new Map(
      [...activity].map(([id, { count, newest }]) => [
        id,
        { threadCount: count, lastActivity: newest > 0 ? new Date(newest) : null },
      ]),
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
