import { lowerBound } from '../read-models/creation-times.ts';

/** What the index holds of a live member: their id, their name's key (lower-cased) and their email. */
export interface Named {
  id: number;
  usernameKey: string;
  email: string;
}

/** Every piece of 3 characters of a text, once. */
const piecesOf = (text: string): Set<string> => {
  const pieces = new Set<string>();
  for (let i = 0; i + 3 <= text.length; i++) pieces.add(text.slice(i, i + 3));
  return pieces;
};

function insertSorted(ids: number[], id: number): void {
  if (ids.length === 0 || (ids.at(-1) as number) < id) ids.push(id);
  else {
    const at = lowerBound(ids, id);
    if (ids[at] !== id) ids.splice(at, 0, id);
  }
}

function removeSorted(ids: number[], id: number): void {
  const at = lowerBound(ids, id);
  if (ids[at] === id) ids.splice(at, 1);
}

/** Past this many names added since the last look, the order is made again by a sort (a load), not name by name. */
const SORT_PAST = 256;

/**
 * The live members as the console and the pickers find them, by id only (a member's record is the directory's):
 * their ids ascending (the users table pages newest first from `before` by a binary search), their names' keys in
 * order beside their ids (a prefix is a binary search), and for each piece of 3 characters of a name or an email the
 * ids having it, ascending. A search of `q` walks the ids of `q`'s rarest piece, newest first, and the caller confirms
 * each on the member: it tests the members that may match, not every member. A search of one or two characters has
 * no piece and walks the members newest first, most of whom such a search matches. Pieces of 2 characters as well
 * would double the index (20 MiB at 40,000 members, against 10) to narrow those too.
 */
export class NameIndex {
  readonly #live: number[] = [];
  #keys: string[] = [];
  #keyIds: number[] = [];
  /** Names added since the order was last made: sorted in at the next look. */
  #added: Named[] = [];
  readonly #pieces = new Map<string, number[]>();

  add(member: Named): void {
    insertSorted(this.#live, member.id);
    this.#added.push(member);
    for (const piece of this.#piecesOf(member)) {
      const ids = this.#pieces.get(piece);
      if (ids) insertSorted(ids, member.id);
      else this.#pieces.set(piece, [member.id]);
    }
  }

  clear(): void {
    this.#live.length = 0;
    this.#keys = [];
    this.#keyIds = [];
    this.#added = [];
    this.#pieces.clear();
  }

  remove(member: Named): void {
    removeSorted(this.#live, member.id);
    const added = this.#added.findIndex((named) => named.id === member.id);
    if (added >= 0) this.#added.splice(added, 1);
    else {
      const at = this.#keyAt(member.usernameKey, member.id);
      if (this.#keyIds[at] === member.id) {
        this.#keys.splice(at, 1);
        this.#keyIds.splice(at, 1);
      }
    }
    for (const piece of this.#piecesOf(member)) {
      const ids = this.#pieces.get(piece);
      if (!ids) continue;
      removeSorted(ids, member.id);
      if (ids.length === 0) this.#pieces.delete(piece);
    }
  }

  /** Ids of live members, newest first, below `before`: all of them, or those that may match `q` (to be confirmed). */
  *newestFirst(before: number | undefined, q?: string): Iterable<number> {
    const ids = q ? this.#rarest(q) : this.#live;
    for (let i = lowerBound(ids, before ?? Number.POSITIVE_INFINITY) - 1; i >= 0; i--) yield ids[i] as number;
  }

  /** Ids of live members whose name's key starts with `prefix` (lower-cased), in the names' order. */
  *withPrefix(prefix: string): Iterable<number> {
    this.#sortAdded();
    for (let i = this.#keyAt(prefix, 0); i < this.#keys.length && this.#keys[i]?.startsWith(prefix); i++) {
      yield this.#keyIds[i] as number;
    }
  }

  /** `q`'s piece held by the fewest members (every member matching `q` has each of its pieces); all, for a short `q`. */
  #rarest(q: string): number[] {
    const pieces = piecesOf(q);
    if (pieces.size === 0) return this.#live;
    let rarest: number[] | undefined;
    for (const piece of pieces) {
      const ids = this.#pieces.get(piece) ?? [];
      if (!rarest || ids.length < rarest.length) rarest = ids;
    }
    return rarest ?? [];
  }

  #piecesOf(member: Named): Set<string> {
    return new Set([...piecesOf(member.usernameKey), ...piecesOf(member.email)]);
  }

  /** The first position at or after (`key`, `id`) in the names' order. */
  #keyAt(key: string, id: number): number {
    let low = 0;
    let high = this.#keys.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const at = this.#keys[mid] as string;
      if (at < key || (at === key && (this.#keyIds[mid] as number) < id)) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  #sortAdded(): void {
    if (this.#added.length === 0) return;
    const added = this.#added;
    this.#added = [];
    if (added.length <= SORT_PAST) {
      for (const { usernameKey, id } of added) {
        const at = this.#keyAt(usernameKey, id);
        this.#keys.splice(at, 0, usernameKey);
        this.#keyIds.splice(at, 0, id);
      }
      return;
    }
    const all = this.#keys.map((key, i) => [key, this.#keyIds[i] as number] as const);
    for (const { usernameKey, id } of added) all.push([usernameKey, id]);
    all.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x - y));
    this.#keys = all.map(([key]) => key);
    this.#keyIds = all.map(([, id]) => id);
  }
}
