import {
  MODERATION_ACTIONS,
  MODERATION_TARGETS,
  type ModerationAction,
  type ModerationTarget,
} from '@enclave/protocol';
import { Schema } from 'mongoose';
import { type ListItem, listItemFields } from '../storage/index.ts';

export interface ModerationLogRecord {
  id: number;
  actorId: number;
  action: ModerationAction;
  targetType: ModerationTarget;
  targetId: number | null;
  reason: string | null;
  details: Record<string, unknown> | null;
  createdAt: Date;
  /** The key of its listing's intent, until listed: a crash's sweep finds the entry by it. */
  listing?: string | null;
}

/** Append-only: every moderation action, who took it, on what, when and why. */
export const moderationLogSchema = new Schema<ModerationLogRecord>(
  {
    id: { type: Number, required: true, unique: true },
    actorId: { type: Number, required: true },
    action: { type: String, enum: MODERATION_ACTIONS, required: true },
    targetType: { type: String, enum: MODERATION_TARGETS, required: true },
    targetId: { type: Number, default: null },
    reason: { type: String, default: null },
    details: { type: Schema.Types.Mixed, default: null },
    createdAt: { type: Date, required: true },
    listing: { type: String, default: null },
  },
  { id: false, versionKey: false, minimize: false },
);
moderationLogSchema.index({ action: 1, id: -1 });

/**
 * The log newest last, as keyed lists of entry ids: `moderation-log` holds every entry, `moderation-log:{action}` those
 * of one action, so a page of either, filtered or not, is read from its list's buckets. `entry` (`{list}/{id}`) lists an
 * entry once in each, however often its listing is tried.
 */
export interface ModerationLogItem extends ListItem {
  logId: number;
  entry: string;
}
export const moderationLogItemSchema = new Schema(
  { ...listItemFields, logId: { type: Number, required: true }, entry: { type: String, required: true, unique: true } },
  { versionKey: false },
);
export const moderationLogList = (action?: ModerationAction) =>
  action ? `moderation-log:${action}` : 'moderation-log';
