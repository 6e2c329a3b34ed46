import { EventEmitter } from 'node:events';
import type {
  ClientSummary,
  GroupBuyProgress,
  Message,
  Notification,
  NotificationCount,
  Post,
  ReactionChanged,
  Report,
  Thread,
} from '@enclave/protocol';
import type { SignInVia } from '../auth/session.ts';
import type { SessionEndReason } from '../auth/session-records.ts';
import type { FactorKind, ProofKind } from '../factors/factor-model.ts';
import type { PaymentRecord } from '../payments/payment-model.ts';
import type { ProfileField } from '../users/service.ts';
import type { LedgerEntry } from '../wallet/ledger-model.ts';

/**
 * What happened, after it was written. Services publish these; only the realtime
 * dispatcher turns them into socket events, so no handler emits to a socket itself.
 */
export interface DomainEventMap {
  /** Every session of the member ended at once (their session version was bumped). */
  'session.revoked': { userId: number; reason: 'banned' | 'password_changed' | 'factors_reset' | 'deleted' };
  /** A member signed in: a session record was opened. */
  'session.started': {
    userId: number;
    sessionId: string;
    client: ClientSummary;
    via: SignInVia;
  };
  /** One session ended on its own (ended by its member, or logged out). */
  'session.ended': { userId: number; sessionId: string; client: ClientSummary; reason: SessionEndReason };
  /** A wrong password was given for this member's name. */
  'signIn.failed': { userId: number; client: ClientSummary };
  /** A second factor was turned on (a passkey added, the authenticator app confirmed); `name` a passkey's. */
  'factor.added': { userId: number; kind: FactorKind; name?: string };
  'factor.removed': { userId: number; kind: FactorKind; name?: string };
  /** The right password, then a wrong second step (or a step-up refused) for this member. */
  'secondStep.failed': { userId: number; client: ClientSummary };
  /** A session proved again who is at it: money and power moves open for a few minutes. */
  steppedUp: { userId: number; via: ProofKind; client: ClientSummary };
  /** One of the member's recovery codes was spent, at a sign-in or a step-up. */
  'recoveryCode.used': { userId: number; client: ClientSummary; left: number };
  'recoveryCodes.renewed': { userId: number };
  /** A signed-in member's password change was refused: the current password they gave was wrong. */
  'password.changeFailed': { userId: number; client: ClientSummary };
  /** A member changed their own profile: which of it (username, bio, picture, privacy). */
  'profile.updated': { userId: number; fields: ProfileField[] };
  'email.verified': { userId: number };
  'wallet.balance': { userId: number; balance: number };
  /** Coins moved on a member's account (published once per movement, with its ledger entry). */
  'coins.moved': { entry: LedgerEntry };
  /** A payment was created or changed status. */
  'payment.changed': { payment: PaymentRecord };
  /**
   * A private message was stored, as its sender and its recipient read it; `unreadCount` is the recipient's after it;
   * `mentions` the members its `@name`s linked (formatting/cook.ts).
   */
  'message.sent': { sent: Message; received: Message; unreadCount: number; mentions: number[] };
  /** The recipient read a message for the first time; `unreadCount` is theirs after it. */
  'message.read': { message: Message; readAt: string; unreadCount: number };
  /** A thread was created approved (by staff); the forum's lists gain it. */
  'thread.created': { threadId: number };
  /** A member's thread awaits approval; presented as in lists (no premium discussion). */
  'thread.pendingCreated': { thread: Thread };
  'thread.approved': { threadId: number; approvedBy: number };
  'thread.updated': { threadId: number };
  'thread.deleted': { threadId: number };
  /** A member bought a premium thread or unlocked a discussion (a holding was written). */
  'access.granted': { userId: number; threadId: number };
  /** A private thread became readable to these members (created or approved naming them, or an edit added them). */
  'thread.shared': { threadId: number; title: string; userIds: number[] };
  /** `mentions`: the members the reply's `@name`s linked (formatting/cook.ts); a thread's are on its record. */
  'reply.created': { post: Post; mentions: number[] };
  /** A member's reaction was added or removed; `memberIds`: a message's two members (empty otherwise). */
  'reaction.changed': ReactionChanged & { memberIds: number[] };
  /** A group-buy place was taken; `participantIds` hold a place. */
  'groupBuy.progress': { progress: GroupBuyProgress; participantIds: number[] };
  /**
   * Published once the escrow is paid out, by whoever removes the group buy's open marker: once, but again if a
   * contribution that raced the end wrote the marker anew (readers treat it as idempotent).
   */
  'groupBuy.completed': { threadId: number; completedAt: string; participantIds: number[] };
  /** An expired or cancelled group buy has returned every contribution; published as `groupBuy.completed` is. */
  'groupBuy.ended': { threadId: number; status: 'expired' | 'cancelled'; participantIds: number[] };
  /** A member reported content; the report joined the staff queue. */
  'report.queued': { report: Report };
  'report.resolved': { reportId: number; status: 'actioned' | 'dismissed' };
  /** Staff removed a reply (Take Action on a report). */
  'reply.removed': { threadId: number; postId: number };
  /** Staff removed a message; `unreadCount` is the recipient's after it. */
  'message.removed': { messageId: number; senderId: number; recipientId: number; unreadCount: number };
  /** A member's account changed (registered, verified, renamed, pictured, sanctioned, deleted). */
  'member.changed': { userId: number };
  /** Staff lifted a member's ban or mute. */
  /** `actorId` null: the mute ran out. `at`: when it was lifted or ran out, which makes it told once. */
  'member.sanctionLifted': { userId: number; sanction: 'ban' | 'mute'; actorId: number | null; at: number };
  /** A notification joined a member's list; the counts are theirs after it. */
  'notification.added': { userId: number; notification: Notification } & NotificationCount;
  /** A member marked notifications read (in one tab); the counts are theirs after it. */
  'notification.read': { userId: number } & NotificationCount;
  /** Staff created, edited or deleted a category. */
  'category.changed': { categoryId: number };
  /** A restore replaced the whole database. */
  'database.restored': Record<string, never>;
  /** A restore the admin started moved on (0-100). */
  'database.restoreProgress': { userId: number; percent: number };
}

export class DomainEvents {
  readonly #emitter = new EventEmitter({ captureRejections: true });

  readonly #everyListeners: (() => void)[] = [];

  publish<K extends keyof DomainEventMap>(type: K, payload: DomainEventMap[K]): void {
    for (const listener of this.#everyListeners) listener();
    this.#emitter.emit(type, payload);
  }

  /** Called before the listeners of any event: for caches that any change makes stale. */
  onEvery(listener: () => void): void {
    this.#everyListeners.push(listener);
  }

  on<K extends keyof DomainEventMap>(type: K, listener: (payload: DomainEventMap[K]) => void): void {
    this.#emitter.on(type, listener);
  }
}
