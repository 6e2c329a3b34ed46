import type { PublicUser, Thread } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import type { CategoryRecord } from '../categories/category-model.ts';
import { replyCounts } from '../posts/reply-counts.ts';
import { holdingsOf } from './access.ts';
import type { IndexedThread } from './forum-index.ts';
import { type GroupBuyState, groupBuyStates } from './group-buy-state.ts';
import {
  canReadContent,
  canReadDiscussion,
  type Holdings,
  isAuthor,
  isStaffViewer,
  readableText,
  type Viewer,
} from './policy.ts';
import type { ThreadRecord } from './thread-model.ts';

/**
 * `list`: lists, the approval queue and pushed events. A premium thread the viewer has no access to
 * shows an empty `content` (no teaser: the first lines are often what is being sold), and the premium
 * discussion and the group buy's content are never included, whoever looks.
 * `detail`: one thread, whose content the caller has already checked the viewer may read; the premium
 * discussion and the group buy's content are included only for a viewer who holds them.
 */
export type ThreadView = 'list' | 'detail';

interface Context {
  viewer: Viewer;
  holdings: Holdings;
  groupBuys: Map<number, GroupBuyState>;
  replies: ReadonlyMap<number, number>;
  authors: Map<number, PublicUser>;
  categories: Map<number, Pick<CategoryRecord, 'id' | 'name'>>;
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

function present(thread: ThreadRecord, context: Context, view: ThreadView): Thread {
  const { viewer, holdings } = context;
  const author = context.authors.get(thread.authorId) ?? null;
  const category = context.categories.get(thread.categoryId) ?? null;
  const groupBuy = context.groupBuys.get(thread.id);
  const readable = readableText(viewer, thread, holdings);
  return {
    id: thread.id,
    title: thread.title,
    content: readable.content ?? '',
    categoryId: thread.categoryId,
    authorId: thread.authorId,
    authorName: author?.username ?? null,
    authorProfilePic: author?.profilePicture ?? null,
    authorBio: author?.bio ?? null,
    authorIsAdmin: author?.isAdmin ?? false,
    authorIsModerator: author?.isModerator ?? false,
    author: author ? { id: author.id, username: author.username } : null,
    category: category ? { id: category.id, name: category.name } : null,
    createdAt: thread.createdAt.toISOString(),
    updatedAt: thread.updatedAt.toISOString(),
    isPremium: thread.isPremium,
    premiumCost: thread.premiumCost ?? null,
    isPrivate: thread.isPrivate,
    // Undefined, not a spread, for everyone else (a spread made this the slowest line of a list): not written.
    allowedUserIds: isAuthor(viewer, thread) || isStaffViewer(viewer) ? thread.allowedUserIds : undefined,
    tags: thread.tags,
    isSisterThread: thread.isSisterThread,
    parentThreadId: thread.parentThreadId ?? null,
    sisterThreadId: thread.sisterThreadId ?? null,
    hasUnlockableContent: thread.hasUnlockableContent,
    unlockableCost: thread.unlockableCost ?? null,
    unlockableType: (thread.unlockableType as Thread['unlockableType']) ?? null,
    unlockableContent: view === 'detail' ? readable.discussion : null,
    isGroupBuy: thread.isGroupBuy,
    groupBuyParticipantsRequired: thread.groupBuyParticipantsRequired ?? null,
    groupBuyContributionAmount: thread.groupBuyContributionAmount ?? null,
    groupBuyContent: view === 'detail' ? readable.groupBuy : null,
    groupBuyCurrentParticipants: groupBuy?.current ?? 0,
    isGroupBuyCompleted: Boolean(groupBuy?.completedAt),
    groupBuyCompletedAt: iso(groupBuy?.completedAt),
    groupBuyStatus: thread.isGroupBuy ? (groupBuy?.status ?? 'open') : null,
    groupBuyDeadline: thread.isGroupBuy ? iso(thread.groupBuyDeadline) : null,
    isApproved: thread.isApproved,
    approvedAt: iso(thread.approvedAt),
    userHasAccess: canReadContent(viewer, thread, holdings) && canReadDiscussion(viewer, thread, holdings),
    replyCount: context.replies.get(thread.id) ?? thread.replyCount ?? 0,
  };
}

/** What the caller read already, sparing its reads. */
interface Known {
  /** Reply counts (the forum index's). */
  counts?: ReadonlyMap<number, number>;
  /** The viewer's holdings of these threads (the read gate's). */
  holdings?: Holdings;
}

/** Presents threads for one viewer, loading what they need (authors, categories, counts, holdings) in a few queries. */
export async function presentThreads(
  app: FastifyInstance,
  viewer: Viewer,
  threads: ThreadRecord[],
  view: ThreadView,
  { counts, holdings: held }: Known = {},
): Promise<Thread[]> {
  if (threads.length === 0) return [];
  const ids = threads.map((t) => t.id);
  const [holdings, groupBuys, replies, authors, categories] = await Promise.all([
    held ?? holdingsOf(app, viewer, threads),
    groupBuyStates(
      app,
      threads.filter((t) => t.isGroupBuy),
    ),
    // Lists take the forum index's counts (or the thread's hint); one thread's page counts exactly, from its heads.
    counts ?? (view === 'detail' ? replyCounts(app, ids) : new Map<number, number>()),
    app.members.shown(threads.map((t) => t.authorId)),
    app.categories.all(),
  ]);
  const context: Context = {
    viewer,
    holdings,
    groupBuys,
    replies,
    authors,
    categories: new Map(categories.map((category) => [category.id, category])),
  };
  return threads.map((thread) => present(thread, context, view));
}

export async function presentThread(
  app: FastifyInstance,
  viewer: Viewer,
  thread: ThreadRecord,
  view: ThreadView = 'detail',
  known: Known = {},
): Promise<Thread> {
  return (await presentThreads(app, viewer, [thread], view, known))[0] as Thread;
}

/** Threads from the forum index, in list view, with the reply counts it holds. */
export function presentListed(app: FastifyInstance, viewer: Viewer, threads: IndexedThread[]): Promise<Thread[]> {
  const counts = new Map(threads.map((thread) => [thread.id, thread.replyCount]));
  return presentThreads(app, viewer, threads, 'list', { counts });
}
