/**
 * Socket.IO event maps, typed for both ends. Rooms: `user:{id}`, `session:{userId}:{sessionId}`, `thread:{id}`, `staff`.
 * Every payload is a presented entity: nothing here carries private fields.
 */

import type { Notification, NotificationCount } from './notifications.ts';
import type { Post } from './posts.ts';
import type { ThreadReaders, TypingNotice, TypingTo } from './presence.ts';
import type { Message, MessageReadReceipt, UnreadCount } from './private-messages.ts';
import type { GroupBuyEnded, GroupBuyProgress } from './purchases.ts';
import type { ReactionChanged } from './reactions.ts';
import type { Report, ReportStatus } from './reports.ts';
import type { Thread } from './threads.ts';
import type { Payment, StaffPayment } from './wallet.ts';

/** Why the server signed a tab out; `ended` when a socket came back to a session that ended while it was away. */
export type SessionEndReason = 'banned' | 'password_changed' | 'factors_reset' | 'logged_out' | 'deleted' | 'ended';

export interface ServerToClientEvents {
  /** Sent once after the handshake so the client knows who the server thinks it is. */
  'session:ready': (payload: { userId: number | null }) => void;
  /** The session was revoked (ban, password change, logout in another tab, ended from another device): sign out now. */
  'session:revoked': (payload: { reason: SessionEndReason }) => void;
  /** The member's coin balance after every credit or debit, to all of their tabs. */
  'wallet:balance': (payload: { balance: number }) => void;
  /** One of the member's payments was created or changed status (confirmed, rejected, a provider update). */
  'wallet:payment': (payment: Payment) => void;
  /** To staff: a self-custody payment joined or left the confirmation queue. */
  'admin:payment': (payment: StaffPayment) => void;
  /** A message arrived, to every tab of the recipient. */
  'message:new': (message: Message) => void;
  /** A message the member sent, to all of their tabs (the sending tab too: merge by id). */
  'message:sent': (message: Message) => void;
  /** The member's unread count after a message arrived or was read, to all of their tabs. */
  'message:unread': (payload: UnreadCount) => void;
  /** The recipient opened a message: a read receipt to every tab of the sender, and to the recipient's other tabs. */
  'message:read': (payload: MessageReadReceipt) => void;
  /** Who is reading the thread now, to its room: on a change (at most once a second per process) and to a new watcher. */
  'thread:readers': (payload: ThreadReaders) => void;
  /** A member may message this member and is writing to them: show "… is typing" until a stop or 6 s pass. */
  'message:typing': (payload: TypingNotice) => void;
  /** That member stopped writing (sent, closed the dialog, emptied it, or their tab went away). */
  'message:typing-stopped': (payload: { fromUserId: number }) => void;
  /** A new reply, to the sockets watching the thread (they joined with read access). */
  'thread:reply': (payload: { threadId: number; post: Post }) => void;
  /**
   * Reactions on a thread or reply changed (to the thread's room), or on a message (to its two members): counts only.
   * Keep the highest `version` per target.
   */
  'reaction:changed': (payload: ReactionChanged) => void;
  /** An admin edited the thread: refetch it. Watchers who lost read access were removed from the room first. */
  'thread:updated': (payload: { threadId: number }) => void;
  /** The thread was deleted, to its watchers and to staff. */
  'thread:deleted': (payload: { threadId: number }) => void;
  /** Group-buy progress after each contribution, to the thread's watchers and every participant. Keep the highest `current`. */
  'groupbuy:progress': (payload: GroupBuyProgress) => void;
  /** Sent once, when the last place fills: every participant now has access, so refetch the status (it carries the content). */
  'groupbuy:completed': (payload: { threadId: number; completedAt: string }) => void;
  /** Sent when an expired or cancelled group buy has given every contribution back (each balance is pushed as it moves). */
  'groupbuy:ended': (payload: GroupBuyEnded) => void;
  /**
   * To each member a private thread names, once they can read it (created or approved with them, or
   * added by an edit). Nothing else about the thread: it opens through the usual read gate.
   */
  'thread:shared': (payload: { threadId: number; title: string }) => void;
  /** To staff: a member's thread joined the approval queue (presented as in lists: no premium discussion). */
  'approval:queued': (payload: { thread: Thread }) => void;
  /** To staff: a thread left the approval queue because it was approved. */
  'approval:approved': (payload: { threadId: number }) => void;
  /** To staff: a member reported content; the report joined the queue. */
  'report:queued': (payload: { report: Report }) => void;
  /** To staff: a report left the queue (actioned: its content was removed; dismissed). */
  'report:resolved': (payload: { reportId: number; status: Exclude<ReportStatus, 'open'> }) => void;
  /** To the thread's watchers: staff removed a reply (Take Action on a report). */
  'thread:reply-removed': (payload: { threadId: number; postId: number }) => void;
  /** To the sender's and recipient's tabs: staff removed a message (Take Action on a report). */
  'message:removed': (payload: { id: number }) => void;
  /** A notification for the member, to every tab of theirs, with their unread count after it. */
  'notification:new': (payload: { notification: Notification } & NotificationCount) => void;
  /** The member marked notifications read in one tab: every tab follows. */
  'notification:read': (payload: NotificationCount) => void;
  /** To the admin running a restore: real progress, 0-100. */
  'restore:progress': (payload: { percent: number }) => void;
}

export interface ClientToServerEvents {
  /** Round-trip check used by clients and benchmarks. */
  ping: (ack: (reply: { at: number }) => void) => void;
  /** Join `thread:{id}` while the thread page is open; refused without read access. */
  'thread:watch': (threadId: number, ack: (reply: { ok: boolean; error?: string }) => void) => void;
  'thread:unwatch': (threadId: number) => void;
  /** The member is writing a message to this member (at most every 3 s while the text changes). */
  'message:typing': (payload: TypingTo) => void;
  /** They stopped: sent, closed the dialog or emptied it. */
  'message:typing-stopped': (payload: TypingTo) => void;
}

export interface SocketData {
  userId: number | null;
  sessionVersion: number;
  /** The session the socket was signed in with (`2026-11.3`), ended on its own by the member. */
  sessionId: string | null;
  isStaff: boolean;
}

export const rooms = {
  user: (id: number) => `user:${id}`,
  /** Every socket of one session: the tabs of one browser. */
  session: (userId: number, sessionId: string) => `session:${userId}:${sessionId}`,
  thread: (id: number) => `thread:${id}`,
  staff: 'staff',
} as const;
