import {
  MODERATION_ACTIONS,
  MODERATION_TARGETS,
  type ModerationAction,
  type ModerationTarget,
} from '@enclave/protocol';
import { Schema } from 'mongoose';

export interface ModerationLogRecord {
  id: number;
  actorId: number;
  action: ModerationAction;
  targetType: ModerationTarget;
  targetId: number | null;
  reason: string | null;
  details: Record<string, unknown> | null;
  createdAt: Date;
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
  },
  { id: false, versionKey: false, minimize: false },
);
moderationLogSchema.index({ action: 1, id: -1 });
