import type { FastifyInstance } from 'fastify';
import { appendAll } from '../db/keyed-list.ts';
import { insertMissing, type Migration } from '../db/migrations.ts';
import { participantsOf } from './notification-model.ts';
import { participantMarker, threadParticipants } from './participants.ts';

/**
 * Threads replied to before notifications had no participants list, so only their authors heard of new replies.
 * One pass over the replies finds who replied where (a one-time read; nothing at request time scans them); each
 * thread's list then gets the repliers it lacks, in the order they first replied, and every replier's marker.
 * Markers come last: a rerun after a crash finds the members already listed and appends no one twice.
 */
async function run(app: FastifyInstance, progress: (done: number, total: number) => void): Promise<void> {
  // Per thread, each replier's first reply: the list keeps the order in which they joined.
  const repliers = new Map<number, Map<number, number>>();
  const replies = app.models.Post.collection.find<{ id: number; threadId: number; authorId: number }>(
    {},
    { projection: { _id: 0, id: 1, threadId: 1, authorId: 1 } },
  );
  for await (const { id, threadId, authorId } of replies) {
    const firsts = repliers.get(threadId) ?? new Map<number, number>();
    if (id < (firsts.get(authorId) ?? Number.POSITIVE_INFINITY)) firsts.set(authorId, id);
    repliers.set(threadId, firsts);
  }
  const markers: { _id: string }[] = [];
  let done = 0;
  for (const [threadId, firsts] of repliers) {
    const authors = [...firsts.keys()].sort((a, b) => (firsts.get(a) ?? 0) - (firsts.get(b) ?? 0));
    const listed = new Set(await threadParticipants(app, threadId));
    const missing = authors.filter((memberId) => !listed.has(memberId));
    await appendAll(
      app,
      app.models.NotificationMember,
      participantsOf(threadId),
      missing.map((memberId) => ({ memberId })),
    );
    for (const memberId of authors) markers.push({ _id: participantMarker(threadId, memberId) });
    progress(++done, repliers.size);
  }
  await insertMissing(app.models.NotificationMarker as never, markers);
}

export const participantsFromReplies: Migration = { name: 'participants-from-replies', run };
