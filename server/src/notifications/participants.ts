import type { FastifyInstance } from 'fastify';
import { append, readRange } from '../db/keyed-list.ts';
import { participantsOf } from './notification-model.ts';
import { claim } from './service.ts';

/**
 * Who replied in a thread, as a keyed list `participants:{thread}`: a member joins once (the marker
 * `participant:{thread}:{member}` is inserted by one writer), so fan-out to a thread's repliers is a
 * read of this list, never a scan of the replies.
 */
export const participantMarker = (threadId: number, memberId: number) => `participant:${threadId}:${memberId}`;

export async function joinThread(app: FastifyInstance, threadId: number, memberId: number): Promise<void> {
  if (!(await claim(app, participantMarker(threadId, memberId)))) return;
  await append(app, app.models.NotificationMember, participantsOf(threadId), () => ({ memberId }));
}

export async function threadParticipants(app: FastifyInstance, threadId: number): Promise<number[]> {
  const items = await readRange(
    app,
    app.models.NotificationMember,
    participantsOf(threadId),
    1,
    Number.MAX_SAFE_INTEGER,
  );
  return items.map((item) => item.memberId);
}
