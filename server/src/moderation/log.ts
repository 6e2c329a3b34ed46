import { LIMITS, type ModerationLogEntry, type ModerationLogQuery } from '@enclave/protocol';
import { type Database, insertWithId } from '../storage/index.ts';
import type { NamingContext } from './context.ts';
import { moderationModels } from './models.ts';
import type { ModerationLogRecord } from './moderation-log-model.ts';
import { presentLogEntries } from './presenter.ts';

/** Who acts in an admin command: the operator at the server's console, no member (id 0 is never a member's). */
export const OPERATOR = { id: 0 } as const;

export type ModerationEntry = Pick<ModerationLogRecord, 'actorId' | 'action' | 'targetType'> &
  Partial<Pick<ModerationLogRecord, 'targetId' | 'reason' | 'details'>>;

/** Records a moderation action after it took effect. Every domain that moderates calls this. */
export async function logModeration(app: Database, entry: ModerationEntry): Promise<ModerationLogRecord> {
  return insertWithId(
    moderationModels(app).ModerationLog,
    {
      actorId: entry.actorId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId ?? null,
      reason: entry.reason?.trim() || null,
      details: entry.details ?? null,
      createdAt: new Date(),
    },
    { deletedOutright: true },
  );
}

export async function moderationLog(
  app: Database & NamingContext,
  query: ModerationLogQuery,
): Promise<ModerationLogEntry[]> {
  const entries = await moderationModels(app)
    .ModerationLog.find({
      ...(query.action ? { action: query.action } : {}),
      ...(query.before !== undefined ? { id: { $lt: query.before } } : {}),
    })
    .sort({ id: -1 })
    .limit(query.limit ?? LIMITS.pageSizeMax)
    .lean<ModerationLogRecord[]>();
  return presentLogEntries(app, entries);
}

/**
 * Takes back the log entry of an action that was logged first (its entry's id is part of it) and then did not take
 * effect: the log never claims what did not happen. Only for an entry its caller has just written.
 */
export async function withdrawModerationEntry(app: Database, id: number): Promise<void> {
  await moderationModels(app).ModerationLog.deleteOne({ id });
}
