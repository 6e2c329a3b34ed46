import Type from 'typebox';
import { Id, IsoDate, Nullable } from './common.ts';
import { route } from './contract.ts';
import { endpoints } from './endpoints.ts';
import { replyAnchor } from './reply-anchor.ts';

/**
 * What a member is notified of; each kind is also a preference (in the app, by email). `outcome` says
 * which way a group buy, payment, report or lifted sanction went.
 */
export const NOTIFICATION_KINDS = [
  'reply',
  'mention',
  'privateThread',
  'groupBuy',
  'payment',
  'report',
  'sanctionLifted',
  'approvalQueued',
  'reportQueued',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Only staff are notified of these. */
export const STAFF_NOTIFICATION_KINDS: readonly NotificationKind[] = ['approvalQueued', 'reportQueued'];

export const NOTIFICATION_OUTCOMES = [
  'completed',
  'expired',
  'cancelled',
  'confirmed',
  'rejected',
  'actioned',
  'dismissed',
  'ban',
  'mute',
] as const;
export type NotificationOutcome = (typeof NOTIFICATION_OUTCOMES)[number];

/**
 * A notification as its reader sees it. It names the thing and never carries its content: `title` is the
 * thread's title only while the reader may see the thread (null otherwise), and the link decides access.
 */
export const Notification = Type.Object({
  /** Its place in the reader's list (1, 2, …); everything up to `readUpTo` is read. */
  id: Id,
  kind: Type.Enum(NOTIFICATION_KINDS),
  outcome: Nullable(Type.Enum(NOTIFICATION_OUTCOMES)),
  threadId: Nullable(Id),
  /** The reply it is about, by its number in the thread (a mention in a reply), while the thread is named. */
  replyNumber: Nullable(Type.Integer({ minimum: 1 })),
  title: Nullable(Type.String()),
  /** Who did it, where that is public (the member who replied or shared). */
  actorName: Nullable(Type.String()),
  createdAt: IsoDate,
});
export type Notification = Type.Static<typeof Notification>;

export const NotificationCount = Type.Object({
  unreadCount: Type.Integer({ minimum: 0 }),
  readUpTo: Type.Integer({ minimum: 0 }),
});
export type NotificationCount = Type.Static<typeof NotificationCount>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const NotificationsQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
  /** A notification id: the page holds older ones. */
  before: Type.Optional(Id),
});
export type NotificationsQuery = Type.Static<typeof NotificationsQuery>;

export const NotificationList = Type.Object({
  /** Newest first. */
  notifications: Type.Array(Notification),
  unreadCount: Type.Integer({ minimum: 0 }),
  readUpTo: Type.Integer({ minimum: 0 }),
  nextCursor: Nullable(Id),
});
export type NotificationList = Type.Static<typeof NotificationList>;

/** Marks every notification up to `upTo` read (a mark only moves forward). */
export const MarkNotificationsReadBody = Type.Object({ upTo: Type.Integer({ minimum: 0 }) });

const Channels = Type.Object({ app: Type.Boolean(), email: Type.Boolean() });
export const NotificationPreferences = Type.Object({
  kinds: Type.Object(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, Channels])) as Record<NotificationKind, typeof Channels>,
  ),
});
export type NotificationPreferences = Type.Static<typeof NotificationPreferences>;

/** In the app on, email off: a privacy-first forum mails nobody who did not ask. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  kinds: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { app: true, email: false }])) as Record<
    NotificationKind,
    { app: boolean; email: boolean }
  >,
};

/** At most one email digest per member in each period. */
export const NOTIFICATION_DIGEST_PERIOD_MS = 60 * 60 * 1000;

export const notificationRoutes = {
  notifications: route({
    ...endpoints.notifications,
    summary: 'The viewer’s notifications, newest first, with the unread count',
    querystring: NotificationsQuery,
    response: { 200: NotificationList },
  }),
  markNotificationsRead: route({
    ...endpoints.markNotificationsRead,
    summary: 'Mark the viewer’s notifications read up to one (every tab of theirs follows)',
    body: MarkNotificationsReadBody,
    response: { 200: NotificationCount },
  }),
  notificationPreferences: route({
    ...endpoints.notificationPreferences,
    summary: 'Per kind: notify in the app, by email digest',
    response: { 200: NotificationPreferences },
  }),
  saveNotificationPreferences: route({
    ...endpoints.saveNotificationPreferences,
    summary: 'Save the viewer’s notification preferences',
    body: NotificationPreferences,
    response: { 200: NotificationPreferences },
  }),
};

type Named = Pick<Notification, 'kind' | 'outcome' | 'title' | 'actorName'>;

const OUTCOME_TEXT: Partial<Record<NotificationOutcome, string>> = {
  completed: 'completed',
  expired: 'expired; your coins were returned',
  cancelled: 'was cancelled; your coins were returned',
};

/** The sentence a notification reads as, in the panel and in the email digest. */
export function notificationText({ kind, outcome, title, actorName }: Named): string {
  const thread = title ? `“${title}”` : 'a thread';
  const who = actorName ?? 'A member';
  switch (kind) {
    case 'reply':
      return `${who} replied in ${thread}`;
    case 'mention':
      return `${who} mentioned you in ${thread}`;
    case 'privateThread':
      return `${who} shared a private thread with you: ${thread}`;
    case 'groupBuy':
      return `A group buy you joined ${OUTCOME_TEXT[outcome ?? 'completed'] ?? 'changed'}: ${thread}`;
    case 'payment':
      return outcome === 'confirmed' ? 'Your payment was confirmed' : 'Your payment was rejected';
    case 'report':
      return outcome === 'actioned'
        ? 'Your report was acted on: the content was removed'
        : 'Your report was reviewed and dismissed';
    case 'sanctionLifted':
      if (outcome === 'ban') return 'Your ban was lifted';
      // A mute lifted by staff names them; one that ran out has no one to name.
      return actorName ? 'Your mute was lifted' : 'Your mute has ended';
    case 'approvalQueued':
      return `A new thread awaits approval: ${thread}`;
    case 'reportQueued':
      return 'A new report awaits review';
  }
}

/** Where a notification leads; the page there applies the read gate. */
export function notificationLink({
  kind,
  threadId,
  replyNumber,
}: Pick<Notification, 'kind' | 'threadId' | 'replyNumber'>): string {
  switch (kind) {
    case 'mention':
      if (!threadId) return '/';
      return replyNumber ? `/thread/${threadId}#${replyAnchor(replyNumber)}` : `/thread/${threadId}`;
    case 'payment':
      return '/transactions';
    case 'sanctionLifted':
    case 'report':
      return '/profile';
    case 'approvalQueued':
      return '/admin?tab=threads';
    case 'reportQueued':
      return '/admin?tab=reports';
    default:
      return threadId ? `/thread/${threadId}` : '/';
  }
}

// A module of its own: the replies list (a first screen) sets it, and this module builds TypeBox schemas as it loads.
export { replyAnchor } from './reply-anchor.ts';
