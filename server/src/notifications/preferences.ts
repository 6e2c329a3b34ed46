import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
} from '@enclave/protocol';
import type { Database, StorageContext } from '../storage/index.ts';
import { wantsReplyMail } from './catch-up.ts';
import { notificationModels } from './models.ts';

/** The member's preferences, one point read; kinds they never set keep the defaults. */
export async function preferencesOf(app: Database, memberId: number): Promise<NotificationPreferences> {
  const stored = await notificationModels(app)
    .NotificationPreferences.findById(String(memberId))
    .lean<NotificationPreferences>();
  const kinds = { ...DEFAULT_NOTIFICATION_PREFERENCES.kinds };
  for (const kind of NOTIFICATION_KINDS) if (stored?.kinds?.[kind]) kinds[kind] = stored.kinds[kind];
  return { kinds };
}

/** A whole replacement: the last save wins, which is all a preference needs (no invariant rides on it). */
export async function savePreferences(
  app: StorageContext,
  memberId: number,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  await notificationModels(app).NotificationPreferences.replaceOne(
    { _id: String(memberId) },
    { kinds: preferences.kinds },
    { upsert: true },
  );
  if (preferences.kinds.reply.email) await wantsReplyMail(app, memberId);
  return preferences;
}

export type Channels = NotificationPreferences['kinds'][NotificationKind];
