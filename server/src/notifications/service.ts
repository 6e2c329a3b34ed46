import {
  NOTIFICATION_DIGEST_PERIOD_MS,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationCount,
  type NotificationKind,
  type NotificationList,
  type NotificationOutcome,
  type NotificationsQuery,
  STAFF_NOTIFICATION_KINDS,
} from '@enclave/protocol';
import { limit } from '../limit.ts';
import {
  append,
  appendAfter,
  claimOnce,
  type Database,
  headOf,
  readItem,
  readRange,
  type StorageContext,
} from '../storage/index.ts';
import type { Viewer } from '../threads/policy.ts';
import type { MemberCard } from '../users/member-directory.ts';
import { isStaff } from '../users/standing.ts';
import type { NotificationContext } from './context.ts';
import { notificationModels } from './models.ts';
import { dueIn, mailOf, type NotificationItem, notificationsOf, readsOf } from './notification-model.ts';
import { preferencesOf } from './preferences.ts';
import { presentNotifications } from './presenter.ts';

/** Something to tell members of. `key` names the event itself, so telling it twice delivers it once. */
export interface Happening {
  key: string;
  kind: NotificationKind;
  outcome?: NotificationOutcome;
  threadId?: number;
  /** The reply it is about, by its number in the thread (a mention in a reply). */
  replyNumber?: number;
  actorId?: number;
  /** When it happened, if not now (a reply caught up on later). */
  at?: Date;
}

/**
 * Inserts a once-only marker: true for the one caller that inserted it. A claim, kept for good ("this member was
 * told of this"), not an intent: nothing finishes a marker's work after a crash, which loses it rather than repeat it.
 */
export const claim = (app: Database, key: string): Promise<boolean> =>
  claimOnce(notificationModels(app).NotificationMarker, { _id: key, createdAt: new Date() });

/** The marker that says a member was told of a happening. */
export const deliveryMarker = (memberId: number, happening: Happening) => `${memberId}:${happening.key}`;

export const periodOf = (at: Date) => Math.floor(at.getTime() / NOTIFICATION_DIGEST_PERIOD_MS);

/**
 * Tells each member once, as their preferences say: an item of their notification list (pushed to
 * their tabs), an item of their mail list for the next digest, or both. A member is never told of
 * what they did themselves, and only staff hear of the staff queues.
 */
export async function notify(
  app: NotificationContext,
  memberIds: Iterable<number>,
  happening: Happening,
): Promise<void> {
  const ids = [...new Set(memberIds)].filter((id) => id !== happening.actorId);
  const cards = await app.members.cards(ids);
  await Promise.all(
    [...cards.values()].map((card) =>
      deliveries
        .add(() => deliver(app, card, happening))
        .catch((err) => app.log.error({ err, memberId: card.id, key: happening.key }, 'notification not delivered')),
    ),
  );
}

/**
 * Deliveries a few at a time, whatever the number of fan-outs under way. Telling 200 members is some 800 writes
 * (a reply to a busy thread whose repliers are all online, say); started all at once they queue ahead of every
 * request's writes on a single-writer database, while a few at a time leave room for requests between them.
 */
const deliveries = limit(2);

export async function deliver(app: NotificationContext, member: MemberCard, happening: Happening): Promise<void> {
  if (member.deletedAt || (STAFF_NOTIFICATION_KINDS.includes(happening.kind) && !isStaff(member))) return;
  const channels = (await preferencesOf(app, member.id)).kinds[happening.kind];
  if (!channels.app && !channels.email) return;
  // Claimed before the append: a crash between the two loses this one notification, never repeats it.
  if (!(await claim(app, deliveryMarker(member.id, happening)))) return;
  const made = madeOf(happening);
  if (channels.email) {
    await append(app, notificationModels(app).NotificationItem, mailOf(member.id), () => made);
    // Due in the period it was written in, even when it happened earlier (caught up on): a finished period is not sent again.
    await markDue(app, member.id, periodOf(new Date()));
  }
  if (channels.app) await addToList(app, member, made);
}

/** A notification as stored: the ids of what happened, and when. */
export type Made = Omit<NotificationItem, '_id' | 'list' | 'n'>;

export const madeOf = (happening: Happening): Made => ({
  kind: happening.kind,
  outcome: happening.outcome ?? null,
  threadId: happening.threadId ?? null,
  replyNumber: happening.replyNumber ?? null,
  actorId: happening.actorId ?? null,
  createdAt: happening.at ?? new Date(),
});

/** Appends to the member's list and pushes it to their tabs, with their counts after it. */
export async function addToList(app: NotificationContext, member: MemberCard, made: Made): Promise<void> {
  const item = await append(app, notificationModels(app).NotificationItem, notificationsOf(member.id), () => made);
  const [notification] = await presentNotifications(app, member, [item]);
  const count = await countOf(app, member.id);
  if (notification) app.events.publish('notification.added', { userId: member.id, notification, ...count });
}

/** The member joins the period's digest list once, however many notifications they get in it. */
async function markDue(app: StorageContext, memberId: number, period: number): Promise<void> {
  if (!(await claim(app, `due:${period}:${memberId}`))) return;
  await append(app, notificationModels(app).NotificationMember, dueIn(period), () => ({ memberId }));
}

/** The "read up to" mark: the head item of the member's read list (0 before any). */
export async function readUpToOf(app: StorageContext, memberId: number): Promise<number> {
  const head = await headOf(app, notificationModels(app).NotificationReadMark, readsOf(memberId));
  return head === 0
    ? 0
    : ((await readItem(notificationModels(app).NotificationReadMark, readsOf(memberId), head))?.upTo ?? 0);
}

/** Unread = the head of the notification list − the read mark: two heads, no counter. */
export async function countOf(app: StorageContext, memberId: number, head?: number): Promise<NotificationCount> {
  const [notifications, readUpTo] = await Promise.all([
    head ?? headOf(app, notificationModels(app).NotificationItem, notificationsOf(memberId)),
    readUpToOf(app, memberId),
  ]);
  return { unreadCount: Math.max(0, notifications - readUpTo), readUpTo };
}

/** A page, newest first: `before` is a notification id (its place in the list). */
export async function listNotifications(
  app: NotificationContext,
  member: NonNullable<Viewer>,
  query: NotificationsQuery,
): Promise<NotificationList> {
  const list = notificationsOf(member.id);
  const head = await headOf(app, notificationModels(app).NotificationItem, list);
  const last = Math.min(head, (query.before ?? head + 1) - 1);
  const first = Math.max(1, last - (query.limit ?? NOTIFICATIONS_PAGE_SIZE) + 1);
  const items = await readRange(app, notificationModels(app).NotificationItem, list, first, last, head);
  const notifications = await presentNotifications(app, member, items.reverse());
  return { notifications, ...(await countOf(app, member.id, head)), nextCursor: first > 1 ? first : null };
}

/**
 * Raises the read mark to `upTo` (at most the head; a mark never goes back, even when two tabs race:
 * each append extends the mark it read). Every tab of the member follows.
 */
export async function markRead(app: NotificationContext, memberId: number, upTo: number): Promise<NotificationCount> {
  const head = await headOf(app, notificationModels(app).NotificationItem, notificationsOf(memberId));
  const target = Math.min(upTo, head);
  if (target > (await readUpToOf(app, memberId))) {
    await appendAfter(app, notificationModels(app).NotificationReadMark, readsOf(memberId), (_n, previous) => ({
      upTo: Math.max(previous?.upTo ?? 0, target),
    }));
  }
  const count = await countOf(app, memberId, head);
  app.events.publish('notification.read', { userId: memberId, ...count });
  return count;
}
