import { type Database, findByNumericId } from '../storage/index.ts';
import { threadModels } from './models.ts';
import type { ThreadRecord } from './thread-model.ts';

/**
 * The thread with this id as stored, deleted ones (tombstones) included, or null if there never was one: for work
 * that finishes what a thread started whatever became of it since (the group-buy sweeps). What a member may see is
 * `findThread` and `visibleThread` (service.ts).
 */
export async function storedThread(app: Database, id: number): Promise<ThreadRecord | null> {
  return findByNumericId(threadModels(app).Thread, id);
}
