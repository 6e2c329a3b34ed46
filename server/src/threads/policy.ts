import type { Abilities, ThreadAbilities } from '@enclave/protocol';
import { isStaff } from '../users/standing.ts';
import type { UserRecord } from '../users/user-model.ts';
import type { ThreadRecord } from './thread-model.ts';

/** Who looks: a signed-in member, or null for a visitor. */
export type Viewer = Pick<UserRecord, 'id' | 'isAdmin' | 'isModerator'> | null;

/** What the gates decide on: no text (the forum index holds these facts of every thread, and no text). */
export type GatedThread = Pick<
  ThreadRecord,
  | 'id'
  | 'authorId'
  | 'isApproved'
  | 'isPrivate'
  | 'allowedUserIds'
  | 'isPremium'
  | 'isSisterThread'
  | 'parentThreadId'
  | 'hasUnlockableContent'
  | 'isGroupBuy'
>;

type ThreadFacts = GatedThread & Pick<ThreadRecord, 'content' | 'unlockableContent' | 'groupBuyContent'>;

/** What the viewer paid for, by thread id (loaded by access.ts from the holding and place documents). */
export interface Holdings {
  /** Premium purchases. */
  purchased: ReadonlySet<number>;
  /** Unlocked premium discussions; each also opens the thread's premium sister. */
  unlocked: ReadonlySet<number>;
  /** Completed group buys the viewer holds a place in. */
  groupBuys: ReadonlySet<number>;
}

export const NO_HOLDINGS: Holdings = { purchased: new Set(), unlocked: new Set(), groupBuys: new Set() };

export const isStaffViewer = (viewer: Viewer): boolean => viewer !== null && isStaff(viewer);

export const isAuthor = (viewer: Viewer, thread: Pick<ThreadRecord, 'authorId'>): boolean =>
  viewer !== null && viewer.id === thread.authorId;

const isAuthorOrStaff = (viewer: Viewer, thread: GatedThread) => isAuthor(viewer, thread) || isStaffViewer(viewer);

/**
 * Whether the thread exists for the viewer at all. An unapproved thread exists for its author and
 * staff only; a private one for its author, its allowed users and staff. Everyone else gets a 404.
 */
export function canSee(viewer: Viewer, thread: GatedThread): boolean {
  if (isAuthorOrStaff(viewer, thread)) return true;
  if (!thread.isApproved) return false;
  return !thread.isPrivate || (viewer !== null && thread.allowedUserIds.includes(viewer.id));
}

/** Premium content (and its replies): the author, staff, buyers, and, for a sister thread, whoever unlocked its parent. */
export function canReadContent(viewer: Viewer, thread: GatedThread, holdings: Holdings): boolean {
  if (!thread.isPremium || isAuthorOrStaff(viewer, thread)) return true;
  if (holdings.purchased.has(thread.id) || holdings.groupBuys.has(thread.id)) return true;
  return thread.isSisterThread && thread.parentThreadId !== null && holdings.unlocked.has(thread.parentThreadId);
}

/** The premium discussion (unlockable content): the author, staff, and whoever unlocked it. */
export function canReadDiscussion(viewer: Viewer, thread: GatedThread, holdings: Holdings): boolean {
  if (!thread.hasUnlockableContent || isAuthorOrStaff(viewer, thread)) return true;
  return holdings.unlocked.has(thread.id) || holdings.groupBuys.has(thread.id);
}

/** What a group buy unlocks: the organiser and staff always; participants once it is complete. */
export function canReadGroupBuyContent(viewer: Viewer, thread: GatedThread, holdings: Holdings): boolean {
  return isAuthorOrStaff(viewer, thread) || holdings.groupBuys.has(thread.id);
}

/** What of a thread's text a viewer may read: null where the read gate says no. */
export interface ReadableText {
  content: string | null;
  discussion: string | null;
  groupBuy: string | null;
}

/**
 * The one read gate for a thread's text. Every path that returns it (answers, pushed events, reports,
 * search results, notifications) takes the text from here, never from the record.
 */
export function readableText(viewer: Viewer, thread: ThreadFacts, holdings: Holdings): ReadableText {
  return {
    content: canReadContent(viewer, thread, holdings) ? thread.content : null,
    discussion: canReadDiscussion(viewer, thread, holdings) ? (thread.unlockableContent ?? null) : null,
    groupBuy:
      thread.isGroupBuy && canReadGroupBuyContent(viewer, thread, holdings) ? (thread.groupBuyContent ?? null) : null,
  };
}

/**
 * What the thread page offers on a thread, from the viewer's abilities (null for a visitor): spec 001 makes Edit
 * Thread and Delete Thread the admin's buttons there. Moderators may delete too, as the server lets them, but from
 * the console's thread moderation, not from the page.
 */
export function threadAbilities(abilities: Abilities | null): ThreadAbilities {
  const admin = abilities?.canEditThreads === true;
  return { canEdit: admin, canDelete: admin && abilities?.canDeleteThreads === true };
}
