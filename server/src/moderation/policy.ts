import { isStaff } from '../users/standing.ts';
import type { UserRecord } from '../users/user-model.ts';

/** Staff keep the forum running: no one can ban or mute an admin or a moderator. */
export const canBeSanctioned = (member: Pick<UserRecord, 'isAdmin' | 'isModerator'>) => !isStaff(member);
