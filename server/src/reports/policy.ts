import type { UserRecord } from '../users/user-model.ts';

type Viewer = Pick<UserRecord, 'id'>;

/** A message exists, for reporting, only for the two members it passed between. */
export const canSeeMessage = (viewer: Viewer, message: { senderId: number; recipientId: number }) =>
  viewer.id === message.senderId || viewer.id === message.recipientId;

/** Members report what others wrote; reporting your own words is refused. */
export const canReport = (viewer: Viewer, content: { authorId: number | null }) => viewer.id !== content.authorId;
