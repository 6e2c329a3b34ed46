import type { NotificationKind, NotificationOutcome } from '@enclave/protocol';
import { Schema } from 'mongoose';
import { itemsReadByKey, type ListItem, listItemFields } from '../storage/index.ts';

/**
 * What happened, as stored for one member: the ids of the thing, never its text (a title is looked up
 * through the read gate each time the notification is shown or mailed). Items of `notifications:{member}`
 * (in the app) and `notification-mail:{member}` (waiting for the email digest).
 */
export interface NotificationItem extends ListItem {
  kind: NotificationKind;
  outcome: NotificationOutcome | null;
  threadId: number | null;
  /** A reply's number in its thread (a mention in a reply); absent on items stored before it existed. */
  replyNumber?: number | null;
  actorId: number | null;
  createdAt: Date;
}

export const notificationItemSchema = new Schema<NotificationItem>(
  {
    ...listItemFields,
    kind: { type: String, required: true },
    outcome: { type: String, default: null },
    threadId: { type: Number, default: null },
    replyNumber: { type: Number, default: null },
    actorId: { type: Number, default: null },
    createdAt: { type: Date, required: true },
  },
  { id: false, versionKey: false },
);

/**
 * The member's "read up to" mark as a keyed list `notification-reads:{member}`: each item raises the mark,
 * and the head item holds it. Unread = head of the notifications − the mark, with no counter to race on.
 */
export interface ReadMark extends ListItem {
  upTo: number;
}

export const readMarkSchema = itemsReadByKey(
  new Schema<ReadMark>({ ...listItemFields, upTo: { type: Number, required: true } }, { id: false, versionKey: false }),
);

/**
 * Once-only markers under a unique `_id`: a delivery (`{member}:{event key}`), a thread participant
 * (`participant:{thread}:{member}`), a member due a digest in a period (`due:{period}:{member}`), a digest
 * claimed (`digest:{period}:{member}`) and a period finished (`period:{period}`). The insert that wins does
 * the work; a second process or a repeated event finds the marker and does nothing.
 */
export const notificationMarkerSchema = new Schema(
  { _id: String, createdAt: { type: Date, default: () => new Date() } },
  { versionKey: false },
);

/** A thread's participants (`participants:{thread}`) or a period's members due a digest (`digest-due:{period}`). */
export interface MemberItem extends ListItem {
  memberId: number;
}

export const memberItemSchema = itemsReadByKey(
  new Schema<MemberItem>(
    { ...listItemFields, memberId: { type: Number, required: true } },
    { id: false, versionKey: false },
  ),
);

/**
 * A thread a member replied in (`following:{member}`, from their first reply there): what they catch up on when
 * they were not there to be told (see catch-up.ts). Threads they started are the forum index's to answer.
 */
export interface FollowedThread extends ListItem {
  threadId: number;
  /** When they joined: replies before it are not theirs to hear of. */
  since: Date;
}

export const followedThreadSchema = itemsReadByKey(
  new Schema<FollowedThread>(
    { ...listItemFields, threadId: { type: Number, required: true }, since: { type: Date, required: true } },
    { id: false, versionKey: false },
  ),
);

/** How far a member has caught up on replies (`_id` their id): every reply before `at` was looked for. */
export const catchUpMarkSchema = new Schema({ _id: String, at: { type: Date, required: true } }, { versionKey: false });

/** A member's digests (`digests:{member}`): each mailed their mail list up to `upTo`. */
export interface DigestItem extends ListItem {
  period: number;
  upTo: number;
}

export const digestItemSchema = itemsReadByKey(
  new Schema<DigestItem>(
    { ...listItemFields, period: { type: Number, required: true }, upTo: { type: Number, required: true } },
    { id: false, versionKey: false },
  ),
);

/** A member's preferences under `_id` their id; absent means the defaults. */
export const notificationPreferencesSchema = new Schema(
  { _id: String, kinds: { type: Schema.Types.Mixed, required: true } },
  { versionKey: false, minimize: false },
);

export const notificationsOf = (memberId: number) => `notifications:${memberId}`;
export const readsOf = (memberId: number) => `notification-reads:${memberId}`;
export const mailOf = (memberId: number) => `notification-mail:${memberId}`;
export const digestsOf = (memberId: number) => `digests:${memberId}`;
export const dueIn = (period: number) => `digest-due:${period}`;
export const participantsOf = (threadId: number) => `participants:${threadId}`;
export const followingOf = (memberId: number) => `following:${memberId}`;
/** Members who asked for replies by email at some point (`reply-mailers`): told at once, mail waits for no one. */
export const REPLY_MAILERS = 'reply-mailers';
