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

/** A passkey or an authenticator app is on: a password alone no longer signs this member in. */
export function hasSecondFactor(user: Pick<UserRecord, 'secondFactors'>): boolean {
  return (user.secondFactors?.length ?? 0) > 0;
}

/** Staff without a second factor where the deployment requires one (STAFF_REQUIRE_2FA): no staff route opens. */
export function mustAddSecondFactor(
  user: Pick<UserRecord, 'isAdmin' | 'isModerator' | 'secondFactors'>,
  staffRequireSecondFactor: boolean,
): boolean {
  return staffRequireSecondFactor && isStaff(user) && !hasSecondFactor(user);
}

/** Staff whose staff powers are open: not waiting to add a second factor the deployment requires. */
export function actsAsStaff(
  user: Pick<UserRecord, 'isAdmin' | 'isModerator' | 'secondFactors'>,
  staffRequireSecondFactor: boolean,
): boolean {
  return isStaff(user) && !mustAddSecondFactor(user, staffRequireSecondFactor);
}

/**
 * The member as the forum's read gates should see them: staff waiting to add a required second factor read as the
 * member they also are (no premium, private or pending thread opens to them as staff); anyone else as they are.
 */
export function asReader<T extends Pick<UserRecord, 'isAdmin' | 'isModerator' | 'secondFactors'>>(
  user: T,
  staffRequireSecondFactor: boolean,
): T {
  return mustAddSecondFactor(user, staffRequireSecondFactor) ? { ...user, isAdmin: false, isModerator: false } : user;
}
