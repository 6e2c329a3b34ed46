import { Schema } from 'mongoose';

/**
 * One paid place in a group buy. Unique `(threadId, place)` caps the places at the number tried
 * (1..required); unique `(threadId, userId)` gives a member at most one. The participant count is
 * the number of these documents.
 */
export const groupBuyPlaceSchema = new Schema(
  {
    threadId: { type: Number, required: true },
    place: { type: Number, required: true },
    userId: { type: Number, required: true },
    createdAt: { type: Date, required: true },
  },
  { id: false, versionKey: false },
);
groupBuyPlaceSchema.index({ threadId: 1, place: 1 }, { unique: true });
groupBuyPlaceSchema.index({ threadId: 1, userId: 1 }, { unique: true });
groupBuyPlaceSchema.index({ userId: 1 });

/** The group buy's completion, written once (unique threadId) by whoever filled the last place. */
export const groupBuyCompletionSchema = new Schema(
  {
    threadId: { type: Number, required: true, unique: true },
    completedAt: { type: Date, required: true },
  },
  { id: false, versionKey: false },
);
