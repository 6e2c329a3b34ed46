import { Schema } from 'mongoose';

/**
 * A member's right to what a thread sells: `purchase` (premium content) or `unlock` (the premium
 * discussion, and with it the premium sister thread). Access is decided from these documents; the
 * unique key makes a second purchase of the same thing fail on every backend.
 */
export const entitlementSchema = new Schema(
  {
    threadId: { type: Number, required: true },
    userId: { type: Number, required: true },
    kind: { type: String, enum: ['purchase', 'unlock'], required: true },
    createdAt: { type: Date, required: true },
  },
  { id: false, versionKey: false },
);
entitlementSchema.index({ threadId: 1, userId: 1, kind: 1 }, { unique: true });
entitlementSchema.index({ userId: 1 });
