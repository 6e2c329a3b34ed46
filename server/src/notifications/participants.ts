import type { FastifyInstance } from 'fastify';
import { append, readGrown } from '../storage/index.ts';
import { notificationModels } from './models.ts';
import { type FollowedThread, followingOf, type MemberItem, participantsOf } from './notification-model.ts';
import { claim } from './service.ts';

/**
 * Who replied in a thread, as a keyed list `participants:{thread}`, and the threads a member replied in,
 * as `following:{member}`: a member joins once (the marker `participant:{thread}:{member}` is inserted by
 * one writer), so fan-out to a thread's repliers is a read of one list and catching up a read of the other,
 * never a scan of the replies.
 */
export const participantMarker = (threadId: number, memberId: number) => `participant:${threadId}:${memberId}`;

/**
 * `since` is the member's first reply, not the join: the join runs after the reply's request, and replies written
 * in between must be caught up on.
 */
export async function joinThread(app: FastifyInstance, threadId: number, memberId: number, since: Date): Promise<void> {
  if (!(await claim(app, participantMarker(threadId, memberId)))) return;
  // Followed first: a crash between the two leaves a member who catches up but is not told at once, never one
  // who is told of some replies and misses others.
  await append(app, notificationModels(app).FollowedThread, followingOf(memberId), () => ({ threadId, since }));
  await append(app, notificationModels(app).NotificationMember, participantsOf(threadId), () => ({ memberId }));
}

/** A thread's repliers, read on each of its replies: the list only grows, so only its new members are read. */
export async function threadParticipants(app: FastifyInstance, threadId: number): Promise<number[]> {
  const items = await readGrown<MemberItem>(app, notificationModels(app).NotificationMember, participantsOf(threadId));
  return items.map((item) => item.memberId);
}

export function followedThreads(app: FastifyInstance, memberId: number): Promise<readonly FollowedThread[]> {
  return readGrown<FollowedThread>(app, notificationModels(app).FollowedThread, followingOf(memberId));
}
