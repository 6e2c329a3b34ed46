import { type InferSchemaType, Schema } from 'mongoose';

/** `blockerId` accepts no messages from `blockedId`; the unique pair makes blocking idempotent. */
export const memberBlockSchema = new Schema(
  {
    blockerId: { type: Number, required: true },
    blockedId: { type: Number, required: true },
    createdAt: { type: Date, required: true },
  },
  { id: false, versionKey: false },
);
memberBlockSchema.index({ blockerId: 1, blockedId: 1 }, { unique: true });

export type MemberBlockRecord = InferSchemaType<typeof memberBlockSchema>;
