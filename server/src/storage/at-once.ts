import type { Model } from 'mongoose';
import { isDuplicateKey } from './ids.ts';
import { itemKey, type ListItem } from './keyed-list.ts';
import { refusedWrites } from './write-batches.ts';

/**
 * The many-owner forms of `claimOnce` and `append`: a marker each, or an item each at the end of their own lists,
 * for many owners in one command (a reply told to 500 members at once). On the embedded database one insert of
 * 500 documents takes some 10 ms where 500 inserts take 0.8–1.2 s: it has a single writer, and each command is a
 * round trip and a commit of its own.
 */

/** Inserts every document it can, unordered: for each, whether this insert stored it (false: the `_id` was taken). */
async function insertEach(model: Pick<Model<never>, 'collection'>, docs: { _id: string }[]): Promise<boolean[]> {
  const stored = docs.map(() => true);
  if (docs.length === 0) return stored;
  try {
    await model.collection.insertMany(docs as never[], { ordered: false });
  } catch (error) {
    const refused = refusedWrites(error);
    if (!refused) throw error;
    for (const [index, refusal] of refused) {
      if (!isDuplicateKey(refusal)) throw error;
      stored[index] = false;
    }
  }
  return stored;
}

/** Inserts a once-only marker for each key: true for each this call inserted (see `claimOnce`). */
export function claimEach(model: Pick<Model<never>, 'collection'>, keys: string[]): Promise<boolean[]> {
  const createdAt = new Date();
  return insertEach(
    model,
    keys.map((_id) => ({ _id, createdAt })),
  );
}

/** An item for list `list` at number `n`, which the caller believes is its head + 1. */
export interface NextItem<T extends ListItem> {
  list: string;
  n: number;
  item: Omit<T, '_id' | 'list' | 'n'>;
}

/**
 * Appends one item to each of many lists in one insert, at the numbers the caller believes come next: answers,
 * for each, the item stored, or null where another writer holds that number (the caller's head was behind):
 * append that one the usual way. A caller must never believe a head past the true one (that would leave a gap):
 * it knows it from `headOf` or from items it stored, and forgets it on a restore.
 *
 * Only the items are written, the lists' truth: their buckets lack them until a reader of the page completes it by
 * key and rebuilds it, and head hints stay behind until a probe passes them (both caches, see keyed-list.ts). That
 * is the point: 500 bucket updates are 500 read-then-writes on the embedded database, some 0.35 s, for members who
 * may never open the page.
 */
export async function appendEach<T extends ListItem>(model: Model<T>, next: NextItem<T>[]): Promise<(T | null)[]> {
  const items = next.map(({ list, n, item }) => ({ ...item, _id: itemKey(list, n), list, n }) as T);
  const stored = await insertEach(model as unknown as Model<never>, items);
  return items.map((item, i) => (stored[i] ? item : null));
}
