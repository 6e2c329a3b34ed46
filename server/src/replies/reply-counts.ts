import { firstSince, headOf, type StorageContext } from '../storage/index.ts';
import { replyModels } from './models.ts';
import { replyCountOf } from './replies.ts';
import { REPLY_IDS, type ReplyRefRecord } from './reply-model.ts';

export { replyCountOf };

/** Replies per thread, each from its thread's heads (a few reads by key per thread, issued together). */
export async function replyCounts(app: StorageContext, threadIds: number[]): Promise<Map<number, number>> {
  const ids = [...new Set(threadIds)];
  const counts = await Promise.all(ids.map((id) => replyCountOf(app, id)));
  return new Map(ids.map((id, i) => [id, counts[i] as number]));
}

/**
 * Replies written since `since` (all when null), removed ones included: a search over the global
 * reply ids, which are gap-free and written in time order, by point reads of their entries.
 */
export async function repliesSince(app: StorageContext, since: Date | null): Promise<number> {
  const { ReplyRef } = replyModels(app);
  const top = await headOf<ReplyRefRecord>(app, ReplyRef, REPLY_IDS);
  if (since === null) return top;
  return top - (await firstSince<ReplyRefRecord>(app, ReplyRef, REPLY_IDS, since, top)) + 1;
}
