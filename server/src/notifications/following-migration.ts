import type { FastifyInstance } from 'fastify';
import { appendAll } from '../db/keyed-list.ts';
import type { Migration } from '../db/migrations.ts';
import { followingOf, type MemberItem } from './notification-model.ts';
import { followedThreads } from './participants.ts';

const PARTICIPANTS = /^participants:(\d+)$/;

/**
 * Members who replied before catching up existed were told of replies at once, so they were never behind. Each
 * thread's participants list (one read of the collection that holds them; nothing at request time scans it) now
 * gives every member their `following` list, from now: replies before this were told.
 * A rerun after a crash appends to each member only the threads their list lacks.
 */
async function run(app: FastifyInstance, progress: (done: number, total: number) => void): Promise<void> {
  const joined = new Map<number, number[]>();
  const items = app.models.NotificationMember.collection.find<MemberItem>(
    {},
    { projection: { _id: 0, list: 1, memberId: 1 } },
  );
  for await (const { list, memberId } of items) {
    const threadId = Number(PARTICIPANTS.exec(list)?.[1]);
    if (!threadId) continue;
    joined.set(memberId, [...(joined.get(memberId) ?? []), threadId]);
  }
  const since = new Date();
  let done = 0;
  for (const [memberId, threads] of joined) {
    const followed = new Set((await followedThreads(app, memberId)).map((item) => item.threadId));
    const missing = threads.filter((threadId) => !followed.has(threadId));
    await appendAll(
      app,
      app.models.FollowedThread,
      followingOf(memberId),
      missing.map((threadId) => ({ threadId, since })),
    );
    progress(++done, joined.size);
  }
}

export const followingFromParticipants: Migration = { name: 'following-from-participants', run };
