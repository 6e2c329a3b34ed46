import { OrderedIds } from '../read-models/ordered-ids.ts';

/** What a category without threads walks. */
const NONE = new OrderedIds();

/**
 * Per category, a set of threads and the newest activity among them, kept as threads come, change and go: the
 * categories page then costs the categories, not the forum, and a list walks the threads of its own (`ids`). The
 * newest time is cached, and worked out again (from the threads' own activity, which the forum index holds) only for
 * a category that lost the thread holding it.
 */
export class CategoryTally {
  /** Category → its threads' ids. */
  readonly #threads = new Map<number, OrderedIds>();
  /** Every category's threads. */
  readonly #everywhere = new OrderedIds();
  readonly #newest = new Map<number, number>();

  /** `activityOf`: a held thread's latest activity (creation or last reply), in ms. */
  constructor(private readonly activityOf: (threadId: number) => number) {}

  add(categoryId: number, threadId: number, activity: number): void {
    const threads = this.#threads.get(categoryId) ?? new OrderedIds();
    threads.add(threadId);
    this.#threads.set(categoryId, threads);
    this.#everywhere.add(threadId);
    const newest = this.#newest.get(categoryId);
    if (newest !== undefined && activity > newest) this.#newest.set(categoryId, activity);
  }

  /** `activity`: what the thread's was when added. */
  remove(categoryId: number, threadId: number, activity: number): void {
    const threads = this.#threads.get(categoryId);
    if (!threads?.delete(threadId)) return;
    this.#everywhere.delete(threadId);
    if (threads.size === 0) this.#threads.delete(categoryId);
    if (threads.size === 0 || activity === this.#newest.get(categoryId)) this.#newest.delete(categoryId);
  }

  /** The threads of one category, or of all when `categoryId` is undefined. */
  ids(categoryId?: number): OrderedIds {
    if (categoryId === undefined) return this.#everywhere;
    return this.#threads.get(categoryId) ?? NONE;
  }

  /** No thread in any category (a member's own tally can then go). */
  isEmpty(): boolean {
    return this.#threads.size === 0;
  }

  /** Every category's count and newest activity. */
  tallies(): Record<string, [number, number]> {
    return Object.fromEntries([...this.#threads.keys()].map((id) => [id, [this.count(id), this.newest(id) ?? 0]]));
  }

  count(categoryId: number): number {
    return this.#threads.get(categoryId)?.size ?? 0;
  }

  /** The newest activity in the category, or null when it has no thread. */
  newest(categoryId: number): number | null {
    const threads = this.#threads.get(categoryId);
    if (!threads || threads.size === 0) return null;
    let newest = this.#newest.get(categoryId);
    if (newest === undefined) {
      newest = 0;
      for (const id of threads) newest = Math.max(newest, this.activityOf(id));
      this.#newest.set(categoryId, newest);
    }
    return newest;
  }
}
