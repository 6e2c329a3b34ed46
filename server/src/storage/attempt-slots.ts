import { Schema } from 'mongoose';
import type { Database } from './domain-models.ts';
import { isDuplicateKey } from './ids.ts';
import { storageModels } from './storage-models.ts';

/**
 * Bounded tries (wrong verification codes, failed logins) as documents under a unique
 * `(scope, n)`: a try claims slot n, so concurrent tries can never exceed `max`, on
 * MongoDB or FerretDB alike, where a counter `$inc` would not be atomic.
 */
export const attemptSlotSchema = new Schema(
  {
    scope: { type: String, required: true },
    n: { type: Number, required: true },
    createdAt: { type: Date, required: true },
  },
  { id: false, versionKey: false },
);
attemptSlotSchema.index({ scope: 1, n: 1 }, { unique: true });

const slotsOf = (database: Database) => storageModels(database).AttemptSlot;

/** Claims one of `max` slots; slots older than `ttlMs` are free again. Answers false when all are live. */
export async function claimSlot(
  database: Database,
  scope: string,
  max: number,
  ttlMs = Number.POSITIVE_INFINITY,
): Promise<boolean> {
  const slots = slotsOf(database);
  const now = new Date();
  for (let n = 1; n <= max; n++) {
    try {
      await slots.create({ scope, n, createdAt: now });
      return true;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    if (Number.isFinite(ttlMs)) {
      const stale = new Date(now.getTime() - ttlMs);
      const { deletedCount } = await slots.deleteOne({ scope, n, createdAt: { $lt: stale } });
      if (deletedCount === 1) {
        try {
          await slots.create({ scope, n, createdAt: now });
          return true;
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
        }
      }
    }
  }
  return false;
}

/** When the oldest live slot frees up (the end of a lock). */
export async function slotsFreeAt(database: Database, scope: string, ttlMs: number): Promise<Date | null> {
  const oldest = await slotsOf(database).findOne({ scope }).sort({ createdAt: 1 }).lean();
  return oldest ? new Date(oldest.createdAt.getTime() + ttlMs) : null;
}

/** Frees the slots of one scope, or of every scope matching a pattern (all of a deleted member's). */
export async function releaseSlots(database: Database, scope: string | RegExp): Promise<void> {
  await slotsOf(database).deleteMany({ scope });
}
