import type { ModerationLogEntry } from '@enclave/protocol';
import { usernamesOf } from '../users/usernames.ts';
import type { NamingContext } from './context.ts';
import { OPERATOR } from './log.ts';
import type { ModerationLogRecord } from './moderation-log-model.ts';

export async function presentLogEntries(
  app: NamingContext,
  entries: ModerationLogRecord[],
): Promise<ModerationLogEntry[]> {
  const names = await usernamesOf(
    app,
    entries.map((entry) => entry.actorId),
  );
  return entries.map((entry) => {
    const username = names.get(entry.actorId);
    return {
      id: entry.id,
      actor: username ? { id: entry.actorId, username } : null,
      byOperator: entry.actorId === OPERATOR.id,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId ?? null,
      reason: entry.reason ?? null,
      details: entry.details ?? null,
      createdAt: entry.createdAt.toISOString(),
    };
  });
}
