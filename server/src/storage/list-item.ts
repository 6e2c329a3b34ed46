/**
 * What every keyed list's item is: item n of list L, stored under `_id` `L:n`. A module of its own, importing
 * nothing, so the models declared with these fields (monthly lists, storage's own) never wait on keyed-list.ts,
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
