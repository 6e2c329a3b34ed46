/** The first index in ascending `values` whose value is at least `value`. */
export function lowerBound(values: readonly number[], value: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((values[mid] as number) < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * The creation times of what a read model counts, held in order: the console's "all" and "new since" counts are
 * one binary search each, not a walk over every thread or member per request (issue #14). Records arrive mostly
 * newest last, so an insert is nearly always an append.
 */
export class CreationTimes {
  readonly #times: number[] = [];

  add(at: Date): void {
    const time = at.getTime();
    this.#times.splice(lowerBound(this.#times, time + 1), 0, time);
  }

  remove(at: Date): void {
    const index = lowerBound(this.#times, at.getTime());
    if (this.#times[index] === at.getTime()) this.#times.splice(index, 1);
  }

  /** How many, all (since null) or created at or after `since`. */
  count(since: Date | null): number {
    return since === null ? this.#times.length : this.#times.length - lowerBound(this.#times, since.getTime());
  }
}
