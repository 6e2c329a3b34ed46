import { Schema } from 'mongoose';
import { type ListItem, listItemFields } from '../storage/index.ts';

/** What a holding is of: `purchase` (a premium thread's content) or `unlock` (its premium discussion). */
export type HoldingKind = 'purchase' | 'unlock';

/** `{threadId}:{userId}:{kind}`: "does this member hold this" is one read by key. */
export const holdingKey = (threadId: number, userId: number, kind: HoldingKind) => `${threadId}:${userId}:${kind}`;

/**
 * A member's holding of what a thread sells: `purchase` (premium content) or `unlock` (the premium discussion, and
 * with it the premium sister thread). Access is decided from these documents; the unique `_id` makes a second
 * purchase of the same thing fail on every backend.
 */
export const holdingSchema = new Schema(
  {
    _id: String,
    threadId: { type: Number, required: true },
    userId: { type: Number, required: true },
    kind: { type: String, enum: ['purchase', 'unlock'], required: true },
    createdAt: { type: Date, required: true },
  },
  { id: false, versionKey: false },
);

/** `holdings:{userId}`: every thread a member came to hold, in order (search reads it whole). */
export const holdingsList = (userId: number) => `holdings:${userId}`;

/** One item of a member's holdings list. */
export interface HeldThread extends ListItem {
  threadId: number;
  /** What was acquired; a group buy's place counts once the buy completes. */
  kind: HoldingKind | 'groupBuy';
  createdAt: Date;
}

/**
 * A keyed list per member, written after each holding or group-buy place (a hint for search: the holding and place
 * documents stay the truth for access).
 */
export const heldThreadSchema = new Schema<HeldThread>(
  {
    ...listItemFields,
    threadId: { type: Number, required: true },
    kind: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { id: false, versionKey: false },
);
