import type { UserRecord } from './user-model.ts';

/** A member's standing in the forum: the rules other domains ask of a member, with no read behind them. */

/** A muted member reads but cannot post, reply or message until `mutedUntil`. */
export function isMuted(user: Pick<UserRecord, 'mutedUntil'>, now = new Date()): boolean {
  return user.mutedUntil !== null && user.mutedUntil !== undefined && user.mutedUntil > now;
}

/** Staff (admins and moderators) keep the forum running. */
export function isStaff(user: Pick<UserRecord, 'isAdmin' | 'isModerator'>): boolean {
  return user.isAdmin || user.isModerator;
}
