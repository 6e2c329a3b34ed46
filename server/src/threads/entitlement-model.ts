import { Schema } from 'mongoose';
import { type ListItem, listItemFields } from '../storage/index.ts';

export type EntitlementKind = 'purchase' | 'unlock';

/** `{threadId}:{userId}:{kind}`: "does this member hold this" is one read by key. */
export const entitlementKey = (threadId: number, userId: number, kind: EntitlementKind) =>
  `${threadId}:${userId}:${kind}`;

/**
 * A member's right to what a thread sells: `purchase` (premium content) or `unlock` (the premium
 * discussion, and with it the premium sister thread). Access is decided from these documents; the
 * unique `_id` makes a second purchase of the same thing fail on every backend.
 */
export const entitlementSchema = new Schema(
  {
    _id: String,
    threadId: { type: Number, required: true },
    userId: { type: Number, required: true },
    kind: { type: String, enum: ['purchase', 'unlock'], required: true },
    createdAt: { type: Date, required: true },
  },
  { id: false, versionKey: false },
);

/** `holdings:{userId}`: everything a member came to hold, in order (search reads it whole). */
export const holdingsList = (userId: number) => `holdings:${userId}`;

export interface HoldingRecord extends ListItem {
  threadId: number;
  /** What was acquired; a group buy's place counts once the buy completes. */
  kind: EntitlementKind | 'groupBuy';
  createdAt: Date;
}

/**
 * A keyed list per member, written after each entitlement or group-buy place (a hint for search: the
 * entitlement and place documents stay the truth for access).
 */
export const holdingSchema = new Schema<HoldingRecord>(
  {
    ...listItemFields,
    threadId: { type: Number, required: true },
    kind: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { id: false, versionKey: false },
);
