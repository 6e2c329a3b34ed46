import { type InferSchemaType, Schema } from 'mongoose';
import type { ListItem } from '../storage/index.ts';

/**
 * `blockerId` accepts no messages from `blockedId`. Stored under `{blockerId}:{blockedId}`, so the
 * send check is two point reads and the unique `_id` makes blocking idempotent.
 */
export const memberBlockSchema = new Schema(
  {
    _id: String,
    blockerId: { type: Number, required: true },
    blockedId: { type: Number, required: true },
    createdAt: { type: Date, required: true },
  },
  { id: false, versionKey: false },
);

export type MemberBlockRecord = InferSchemaType<typeof memberBlockSchema>;

export const blockKey = (blockerId: number, blockedId: number) => `${blockerId}:${blockedId}`;
export const blockListOf = (blockerId: number) => `blocks:${blockerId}`;

/**
 * One entry of `blocks:{blockerId}` per block made, in order. An entry stands only while the block
 * it names does (same member, same date): an unblock or a later re-block leaves it behind, unshown.
 */
export interface BlockEntry extends ListItem {
  blockedId: number;
  createdAt: Date;
}

export const blockEntrySchema = new Schema<BlockEntry>(
  { _id: String, list: String, n: Number, blockedId: Number, createdAt: Date },
  { id: false, versionKey: false },
);
