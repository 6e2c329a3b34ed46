import type { Schema } from 'mongoose';

/**
 * What every keyed list's item is: item n of list L, stored under `_id` `L:n`. A module of its own, importing
 * nothing of storage's, so the models declared with these fields (monthly lists, storage's own) never wait on keyed-list.ts,
 * whose functions import them back.
 */
export interface ListItem {
  _id: string;
  /** The list this item belongs to, and its number in it (1, 2, …). */
  list: string;
  n: number;
}

export const itemKey = (list: string, n: number) => `${list}:${n}`;

/** The schema fields every item model needs, spread into its schema. */
export const listItemFields = {
  _id: String,
  list: { type: String, required: true },
  n: { type: Number, required: true },
} as const;

/**
 * The schemas of lists whose pages are seldom read (a member's activity, ledger by type) or that are read
 * item by item or only counted (ids, read marks, journals): their appends push onto no bucket, and `readRange` reads
 * their items by key, one command a page. A bucket push rewrites the whole bucket on FerretDB, which decodes it: on a
 * write-heavy list it cost more than every read it spared (docs/storage.md, "Many writers at once").
 */
const byKeyOnly = new WeakSet<object>();

/** Declares the items of lists of this schema read by key, never kept in buckets; answers the schema. */
export function itemsReadByKey<S extends Schema>(schema: S): S {
  byKeyOnly.add(schema);
  return schema;
}

export const isReadByKey = (schema: object) => byKeyOnly.has(schema);
