import type { FastifyInstance } from 'fastify';
import { limit } from '../limit.ts';
import { appendEach, claimEach } from '../storage/index.ts';
import type { MemberCard } from '../users/member-directory.ts';
import { bellsOf, noteTold } from './bells.ts';
import { notificationModels } from './models.ts';
import { notificationsOf } from './notification-model.ts';
import { lookUpNamed, shownTo } from './presenter.ts';
import { addToList, deliveryMarker, type Happening, madeOf } from './service.ts';

/**
 * One fan-out at a time in this process: each takes its numbers from the bells, which the one before has moved
 * (publishing `notification.added` moves them, synchronously), so two never try the same number here.
 */
const fanOuts = limit(1);

/**
 * Tells a reply to the members with a bell on this process (a tab open here), in a few commands whatever their
 * number: their markers in one insert, their items in another, at the heads their bells know, then a push to each
 * with their counts, read from nothing. A reply to a thread with 500 members online was 500 deliveries of some
 * eight commands each, 130–155 a second; now it is two inserts. Answers who was dealt with here; the others (no
 * bell here, or mail wanted, which the per-member way writes too) are the caller's to tell.
 */
export async function tellReplyWithBells(
  app: FastifyInstance,
  memberIds: number[],
  happening: Happening,
): Promise<Set<number>> {
  const log = (err: unknown, memberId?: number) =>
    app.log.error({ err, memberId, key: happening.key }, 'notification not delivered');
  // Failed as a whole: the caller tells them one by one; those it marked told already are lost, as after a crash.
  const told = await fanOuts.add(() => tellAtOnce(app, memberIds, happening)).catch((err) => void log(err));
  if (!told) return new Set();
  // Their bell's head was behind another process's appends: told the per-member way, after everyone else.
  const made = madeOf(happening);
  await Promise.all(told.behind.map((member) => addToList(app, member, made).catch((err) => log(err, member.id))));
  return told.handled;
}

async function tellAtOnce(app: FastifyInstance, memberIds: number[], happening: Happening) {
  const bells = bellsOf(app);
  const ids = [...new Set(memberIds)].filter((id) => id !== happening.actorId && bells.get(id)?.loaded);
  const cards = await app.members.cards(ids);
  const handled = new Set<number>();
  const toTell: MemberCard[] = [];
  for (const id of ids) {
    const reply = bells.get(id)?.reply;
    const card = cards.get(id);
    if (!reply || !card || reply.email) continue;
    handled.add(id);
    if (!card.deletedAt && reply.app) toTell.push(card);
  }
  const models = notificationModels(app);
  // Claimed before the items, as one delivery is: a crash between the two loses these, never repeats them.
  const claimed = await claimEach(
    models.NotificationMarker,
    toTell.map((member) => deliveryMarker(member.id, happening)),
  );
  // Marked told now, by this insert or before it: the catch-up need not ask.
  for (const member of toTell) {
    const bell = bells.get(member.id);
    if (bell) noteTold(bell, happening.key);
  }
  const members = toTell.filter((_, i) => claimed[i]);
  if (members.length === 0) return { handled, behind: [] };
  const made = madeOf(happening);
  const items = await appendEach(
    models.NotificationItem,
    members.map((member) => ({
      list: notificationsOf(member.id),
      n: (bells.get(member.id)?.head ?? 0) + 1,
      item: made,
    })),
  );
  const named = await lookUpNamed(app, [made]);
  const behind: MemberCard[] = [];
  for (const [i, member] of members.entries()) {
    const item = items[i];
    if (!item) {
      behind.push(member);
      continue;
    }
    const readUpTo = bells.get(member.id)?.readUpTo ?? 0;
    const notification = shownTo(member, item, named);
    app.events.publish('notification.added', {
      userId: member.id,
      notification,
      unreadCount: Math.max(0, item.n - readUpTo),
      readUpTo,
    });
  }
  return { handled, behind };
}
