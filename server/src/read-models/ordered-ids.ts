import { lowerBound } from './creation-times.ts';

/**
 * A set of ids held in ascending order, walked from either end a page at a time: a list reads the ids it shows (and
 * the one after), whatever else the set holds. Ids mostly arrive highest last, so an add is nearly always an append.
 */
export class OrderedIds {
  readonly #ids: number[] = [];

  get size(): number {
    return this.#ids.length;
  }

  /** The highest id, 0 when empty. */
  get highest(): number {
    return this.#ids.at(-1) ?? 0;
  }

  add(id: number): void {
    const at = lowerBound(this.#ids, id);
    if (this.#ids[at] !== id) this.#ids.splice(at, 0, id);
  }

  delete(id: number): boolean {
    const at = lowerBound(this.#ids, id);
    if (this.#ids[at] !== id) return false;
    this.#ids.splice(at, 1);
    return true;
  }

  [Symbol.iterator](): Iterator<number> {
    return this.#ids[Symbol.iterator]();
  }

  /**
   * The ids below `before` newest first, or above `after` oldest first, one at a time and robust to changes between:
   * the next is beside the last one given while it is still where it was, and found again by its value otherwise.
   */
  *walk(order: 'newest' | 'oldest', from?: number): Generator<number> {
    const step = order === 'newest' ? -1 : 1;
    let bound = from ?? (order === 'newest' ? Number.POSITIVE_INFINITY : 0);
    let at = -1;
    for (;;) {
      const ids = this.#ids;
      if (ids[at] === bound) at += step;
      else at = order === 'newest' ? lowerBound(ids, bound) - 1 : lowerBound(ids, bound + 1);
      const id = ids[at];
      if (id === undefined) return;
      bound = id;
      yield id;
    }
  }
}

/** Ids from walks newest first, merged newest first (an id in two of them once). */
export function* newestOfBoth(a: Iterator<number>, b: Iterator<number>): Generator<number> {
  let [x, y] = [a.next(), b.next()];
  while (!x.done || !y.done) {
    if (y.done || (!x.done && x.value > y.value)) {
      yield x.value;
      x = a.next();
    } else if (x.done || y.value > x.value) {
      yield y.value;
      y = b.next();
    } else {
      yield x.value;
      [x, y] = [a.next(), b.next()];
    }
  }
}
