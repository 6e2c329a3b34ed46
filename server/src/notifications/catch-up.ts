import { rooms } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { repliesSince } from '../replies/replies.ts';
import type { ReplyRecord } from '../replies/reply-model.ts';
import { append, isDuplicateKey, readGrown, type StorageContext } from '../storage/index.ts';
import { bellsOf } from './bells.ts';
import { notificationModels } from './models.ts';
import { type MemberItem, REPLY_MAILERS } from './notification-model.ts';
import { followedThreads } from './participants.ts';
import { claim, deliver, deliveryMarker, type Happening } from './service.ts';

/**
 * Replies are told at once only to the members who can hear of them now: a tab open (on any process), or reply
 * mail wanted (the digest waits for no one). The others catch up when they next look, from the threads they
 * started or replied in. A reply in a thread with 200 repliers was some 800 writes at once, queued ahead of every
 * request on a single-writer database; now it costs what its listeners cost, and a member away costs nothing
 * until they come back, and then only the replies they missed.
 */
export async function reachableNow(app: FastifyInstance, memberIds: number[]): Promise<number[]> {
  if (memberIds.length === 0) return [];
  const [sockets, mailers] = await Promise.all([
    app.io.in(memberIds.map((id) => rooms.user(id))).fetchSockets(),
    readGrown<MemberItem>(app, notificationModels(app).NotificationMember, REPLY_MAILERS),
  ]);
  const reachable = new Set([...sockets.map((socket) => socket.data.userId), ...mailers.map((item) => item.memberId)]);
  return memberIds.filter((id) => reachable.has(id));
}

/** A member who turns reply mail on is told of every reply at once from then on (the list only grows). */
export async function wantsReplyMail(app: StorageContext, memberId: number): Promise<void> {
  if (!(await claim(app, `reply-mailer:${memberId}`))) return;
  await append(app, notificationModels(app).NotificationMember, REPLY_MAILERS, () => ({ memberId }));
}

/**
 * Replies written while the catch-up starts may not be visible to it yet (written, or their thread's reply time
 * not yet in the forum index): the mark stays this far behind, and the few replies this looks at again were told
 * already (their markers say so).
 */
const SETTLING_MS = 60_000;

/**
 * Tells the member of the replies they missed: in every thread they started or replied in whose last reply is
 * newer than both their mark and their joining, the replies since then by others, oldest first. The forum index
 * says which threads have any, so a member with nothing new costs a few reads by key. Each reply is told once, whichever
 * catch-up or fan-out gets there first (the delivery's marker).
 */
export async function catchUpReplies(app: FastifyInstance, memberId: number): Promise<void> {
  const started = Date.now();
  const [mark, followed, authored] = await Promise.all([
    notificationModels(app).CatchUpMark.findById(String(memberId)).lean<{ at: Date }>(),
    followedThreads(app, memberId),
    app.forum.startedBy(memberId),
  ]);
  const after = mark?.at.getTime() ?? 0;
  const since = new Map<number, number>(authored.map((thread) => [thread.id, thread.createdAt.getTime()]));
  for (const { threadId, since: joined } of followed) {
    if (!since.has(threadId)) since.set(threadId, joined.getTime());
  }
  const active = [...since].flatMap(([threadId, joined]) => {
    const bound = Math.max(after, joined);
    const lastReplyAt = app.forum.get(threadId)?.lastReplyAt?.getTime() ?? 0;
    return lastReplyAt >= bound ? [repliesSince(app, threadId, new Date(bound))] : [];
  });
  const missed = (await Promise.all(active)).flat().filter((reply) => reply.authorId !== memberId);
  missed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  if (missed.length > 0) await tell(app, memberId, missed);
  // Threads whose last reply is the member's own are looked at again only until the mark passes it.
  if (active.length > 0) await raiseMark(app, memberId, new Date(started - SETTLING_MS));
}

async function tell(app: FastifyInstance, memberId: number, replies: ReplyRecord[]): Promise<void> {
  const [member] = (await app.members.cards([memberId])).values();
  if (!member) return;
  // Looked at again within the settling time: a marker is there once it was told, and the member's bell here
  // knows the latest it marked (a busy thread has a minute of replies to look at again on every look).
  const known = bellsOf(app).get(memberId)?.told;
  const happenings = replies
    .map((reply) => replyHappening(reply, reply.createdAt))
    .filter((happening) => !known?.has(happening.key));
  const told = await Promise.all(
    happenings.map((happening) =>
      notificationModels(app).NotificationMarker.exists({ _id: deliveryMarker(memberId, happening) }),
    ),
  );
  // Oldest first.
  for (const [i, happening] of happenings.entries()) if (!told[i]) await deliver(app, member, happening);
}

/** A reply, as its thread's author and repliers hear of it: the same key whether told at once or caught up on. */
export const replyHappening = (reply: Pick<ReplyRecord, 'id' | 'threadId' | 'authorId'>, at?: Date): Happening => ({
  key: `reply:${reply.id}`,
  kind: 'reply',
  threadId: reply.threadId,
  actorId: reply.authorId,
  ...(at && { at }),
});

/** Never lowers it by much: two catch-ups at once write marks a few ms apart, and either is right. */
async function raiseMark(app: FastifyInstance, memberId: number, at: Date): Promise<void> {
  try {
    await notificationModels(app).CatchUpMark.updateOne({ _id: String(memberId) }, { $max: { at } }, { upsert: true });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
}
