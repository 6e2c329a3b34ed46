import { Schema } from 'mongoose';
import { type ListItem, listItemFields } from '../db/keyed-list.ts';

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

/** The group buy's completion, `_id` its thread id, written once by whoever filled the last place. */
export const groupBuyCompletionSchema = new Schema(
  {
    _id: String,
    threadId: { type: Number, required: true },
    completedAt: { type: Date, required: true },
  },
  { id: false, versionKey: false },
);

/**
 * A contribution under way, `{threadId}:{userId}`, written before its debit and removed once it is
 * settled (place kept and credited, or refunded): the start-up sweep reads only these.
 */
export const pendingContributionSchema = new Schema(
  {
    _id: String,
    threadId: { type: Number, required: true },
    userId: { type: Number, required: true },
    key: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { id: false, versionKey: false },
);
