import { isStaff } from '../users/standing.ts';
import type { UserRecord } from '../users/user-model.ts';
import type { MessageRecord } from './message-model.ts';

type Viewer = Pick<UserRecord, 'id'>;

/** Only the recipient opens (marks read) a message; to anyone else it does not exist. */
export const canMarkRead = (viewer: Viewer, message: Pick<MessageRecord, 'recipientId'>) =>
  viewer.id === message.recipientId;

/** Staff must always be able to reach members, so no one can block them. */
export const canBeBlocked = (member: Pick<UserRecord, 'isAdmin' | 'isModerator'>) => !isStaff(member);
