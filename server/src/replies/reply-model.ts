import { Schema } from 'mongoose';
import { itemsReadByKey, type ListItem, listItemFields } from '../storage/index.ts';

/**
 * A reply: item `n` of its thread's keyed list `replies:{threadId}` (`_id` `replies:{threadId}:{n}`),
 * so a page is a few bucket reads and the thread's head gives the count. `id` is its global number
 * (reports, removals and events name it), unique through its entry in the `reply-ids` list.
 * A reply staff remove stays as a tombstone (`removedAt`, content dropped) so numbers never move.
 */
export interface ReplyRecord extends ListItem {
  id: number;
  threadId: number;
  authorId: number;
  /** As written (Markdown); `cooked`, `text` and `mentions` as formatting/cook.ts made them, absent on older replies. */
  content: string;
  cooked?: string;
  /** The plain text, kept only where it differs from `content`. */
  text?: string;
  /** The members its `@name`s link to; read as [] where absent. */
  mentions?: number[];
  createdAt: Date;
  updatedAt: Date;
  removedAt: Date | null;
}

export const repliesList = (threadId: number) => `replies:${threadId}`;

export const replySchema = new Schema<ReplyRecord>(
  {
    ...listItemFields,
    id: { type: Number, required: true },
    threadId: { type: Number, required: true },
    authorId: { type: Number, required: true },
    content: { type: String, default: '' },
    cooked: { type: String },
    text: { type: String },
    mentions: { type: [Number], default: undefined },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    removedAt: { type: Date, default: null },
  },
  { id: false, versionKey: false },
);
// Thread deletion removes a thread's replies by this field (a scan on FerretDB, an index on MongoDB).
replySchema.index({ threadId: 1 });

/** `reply-ids:{id}`: where reply `id` lives (its thread and number), and when it was written. */
export const REPLY_IDS = 'reply-ids';
/** `removed:{threadId}:{k}`: the k-th removal in a thread; the list's head is how many were removed. */
export const removedList = (threadId: number) => `removed:${threadId}`;

export interface ReplyRefRecord extends ListItem {
  threadId: number | null;
  /** The reply's number in its thread; null until written (or for an id no reply kept). */
  number?: number | null;
  /** Removals only: the removed reply's id. */
  replyId?: number;
  createdAt: Date;
}

/**
 * Keyed entries about replies: the id index (`reply-ids`) and each thread's removals (`removed:{threadId}`); looked up
 * one at a time, never paged: read by key.
 */
export const replyRefSchema = itemsReadByKey(
  new Schema<ReplyRefRecord>(
    {
      ...listItemFields,
      threadId: { type: Number, default: null },
      number: { type: Number, default: null },
      replyId: { type: Number },
      createdAt: { type: Date, required: true },
    },
    { id: false, versionKey: false },
  ),
);
