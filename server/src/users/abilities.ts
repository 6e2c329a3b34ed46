import type { Abilities } from '@enclave/protocol';
import { isStaff } from './standing.ts';
import type { UserRecord } from './user-model.ts';

type Member = Pick<UserRecord, 'isAdmin' | 'isModerator' | 'isEmailVerified'>;

/**
 * The policy behind the console's controls: what a member may do beyond taking part. It answers as the route
 * guards do (`staff` and `admin` in auth/guards.ts, which also turn away an unverified email when verification
 * is required); abilities.test.ts holds each ability against the console routes it opens.
 */
export function abilitiesOf(member: Member, { requireVerifiedEmail }: { requireVerifiedEmail: boolean }): Abilities {
  const mayAct = member.isEmailVerified || !requireVerifiedEmail;
  const staff = mayAct && isStaff(member);
  const admin = mayAct && member.isAdmin;
  return {
    canModerate: staff,
    canDeleteThreads: staff,
    canEditThreads: admin,
    canManageUsers: admin,
    canManageCategories: admin,
    canManageSettings: admin,
    canReadModerationLog: admin,
    canBackup: admin,
  };
}
