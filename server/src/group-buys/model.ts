import { GROUP_BUY_OUTCOMES, type GroupBuyOutcome } from '@enclave/protocol';
import { Schema } from 'mongoose';
import { type ListItem, listItemFields } from '../storage/index.ts';

/** `{threadId}:{userId}:place`: a member's place (or void place) in a group buy, read by key. */
export const placeKey = (threadId: number, userId: number) => `${threadId}:${userId}:place`;

export interface GroupBuyPlaceRecord {
  _id: string;
  threadId: number;
  /** 1..required for a paid place; minus the member's id for a void place (a refunded contribution). */
  place: number;
  userId: number;
  createdAt: Date;
}

/**
 * One place in a group buy. The `_id` gives a member at most one per group buy; unique
 * `(threadId, place)` caps the paid places at the numbers tried (1..required). One document carries
 * both, so a place is won or lost in one insert on every backend.
 */
export const groupBuyPlaceSchema = new Schema<GroupBuyPlaceRecord>(
  {
    _id: String,
    threadId: { type: Number, required: true },
    place: { type: Number, required: true },
    userId: { type: Number, required: true },
    createdAt: { type: Date, required: true },
  },
  { id: false, versionKey: false },
);
groupBuyPlaceSchema.index({ threadId: 1, place: 1 }, { unique: true });

/** `places:{threadId}`: paid place n is item n, so the places taken are the list's head. */
export const placesList = (threadId: number) => `places:${threadId}`;

export interface PlaceNumberRecord extends ListItem {
  userId: number;
}

/**
 * Place number n of a group buy, by key, written after its place: what the count probes and the
 * participants are read from. One missing after a crash is written again by the next claim or sweep.
 */
export const placeNumberSchema = new Schema<PlaceNumberRecord>(
  {
    ...listItemFields,
    userId: { type: Number, required: true },
  },
  { id: false, versionKey: false },
);

export interface GroupBuyOutcomeRecord {
  _id: string;
  threadId: number;
  status: GroupBuyOutcome;
  endedAt: Date;
}

/**
 * How the group buy ended, `_id` its thread id: completed (the escrow goes to the organiser), expired or cancelled
 * (every contribution goes back). Its insert is the one decision: whoever inserts it first (the last contribution,
 * the deadline sweep, staff) decides, every other attempt fails on the `_id`, so a group buy never both pays out and
 * refunds. Its collection keeps its first name (it held completions only), so backups keep their shape.
 */
export const groupBuyOutcomeSchema = new Schema<GroupBuyOutcomeRecord>(
  {
    _id: String,
    threadId: { type: Number, required: true },
    status: { type: String, enum: GROUP_BUY_OUTCOMES, required: true },
    endedAt: { type: Date, required: true },
  },
  { id: false, versionKey: false },
);
export const OUTCOMES_COLLECTION = 'groupbuycompletions';

export interface OpenGroupBuyRecord {
  _id: string;
  threadId: number;
  /** The thread's `groupBuyDeadline`, copied so the sweep reads only this collection. */
  deadline: Date | null;
}

/**
 * A group buy whose coins are not settled yet, `_id` its thread id: written when it opens (or by its first
 * contribution, if a crash lost that write), removed once its outcome is paid out or refunded. The deadline sweep
 * walks only these, so the collection holds only unfinished work. It is the deadlines' register rather than an
 * intent: it lives as long as the group buy is open (up to 30 days), carries the deadline the periodic sweep times
 * its next run by, and is acted on only when the deadline passes or an outcome stands, never by the start-up sweep.
 */
export const openGroupBuySchema = new Schema<OpenGroupBuyRecord>(
  {
    _id: String,
    threadId: { type: Number, required: true },
    deadline: { type: Date, default: null },
  },
  { id: false, versionKey: false },
);

/**
 * A group buy's end, told: `_id` its thread id, kept for good (a claim, not unfinished work). A contribution racing
 * the end can open the marker again and settle once more, so removing the marker is no proof of being first; this
 * insert is, and only its winner tells.
 */
export const groupBuyEndToldSchema = new Schema<{ _id: string }>({ _id: String }, { versionKey: false });
