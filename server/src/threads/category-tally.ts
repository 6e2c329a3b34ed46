/**
 * Per category, a set of threads and the newest activity among them, kept as threads come, change and go: the
 * categories page then costs the categories, not the forum. The newest time is cached, and worked out again only
 * for a category that lost the thread holding it.
 */
export class CategoryTally {
  /** Category → thread id → the thread's latest activity (creation or last reply), in ms. */
  readonly #threads = new Map<number, Map<number, number>>();
  readonly #newest = new Map<number, number>();

  add(categoryId: number, threadId: number, activity: number): void {
    const threads = this.#threads.get(categoryId) ?? new Map<number, number>();
    this.#threads.set(categoryId, threads.set(threadId, activity));
    const newest = this.#newest.get(categoryId);
    if (newest !== undefined && activity > newest) this.#newest.set(categoryId, activity);
  }

  remove(categoryId: number, threadId: number): void {
    const threads = this.#threads.get(categoryId);
    const activity = threads?.get(threadId);
    threads?.delete(threadId);
    if (activity !== undefined && activity === this.#newest.get(categoryId)) this.#newest.delete(categoryId);
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
      newest = Math.max(...threads.values());
      this.#newest.set(categoryId, newest);
    }
    return newest;
  }
}
