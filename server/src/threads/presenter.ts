import type { PublicUser, Thread } from '@enclave/protocol';
import type { CategoryRecord } from '../categories/category-model.ts';
import { cookedOf, plainTextOfRecord } from '../formatting/cook.ts';
import { type GroupBuyState, groupBuyStates } from '../group-buys/state.ts';
import { replyCounts } from '../replies/reply-counts.ts';
import { holdingsOf } from './access.ts';
import type { PresentingContext } from './context.ts';
import type { ListedThread } from './forum-index.ts';
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

const replyCountIn = (thread: ThreadRecord, context: Context) =>
  context.replies.get(thread.id) ?? thread.replyCount ?? 0;

/** What a thread shows that depends on who looks (the read gate's answers): the rest is the same for everyone. */
interface Gate {
  /** The source (detail) or its plain text (lists); empty where withheld. */
  content: string;
  /** Detail only: the cooked HTML, empty where withheld. */
  cooked: string | undefined;
  allowedUserIds: number[] | undefined;
  userHasAccess: boolean;
  readable: ReturnType<typeof readableText>;
}

function gateOf(thread: ThreadRecord, { viewer, holdings }: Context, view: ThreadView): Gate {
  const readable = readableText(viewer, thread, holdings);
  const shown = readable.content === null ? null : thread;
  return {
    content: shown ? (view === 'list' ? plainTextOfRecord(shown) : shown.content) : '',
    cooked: view === 'list' ? undefined : shown ? cookedOf(shown) : '',
    // Undefined, not a spread, for everyone else (a spread made this the slowest line of a list): not written.
    allowedUserIds: isAuthor(viewer, thread) || isStaffViewer(viewer) ? thread.allowedUserIds : undefined,
    userHasAccess: canReadContent(viewer, thread, holdings) && canReadDiscussion(viewer, thread, holdings),
    readable,
  };
}

/** What a thread shows from elsewhere: its author's card, its category, its group buy's state. */
interface Parts {
  author: PublicUser | undefined;
  category: Pick<CategoryRecord, 'id' | 'name'> | undefined;
  groupBuy: GroupBuyState | undefined;
}

const partsOf = (thread: ThreadRecord, context: Context): Parts => ({
  author: context.authors.get(thread.authorId),
  category: context.categories.get(thread.categoryId),
  groupBuy: context.groupBuys.get(thread.id),
});

function present(
  thread: ThreadRecord,
  context: Context,
  view: ThreadView,
  gate: Gate,
  { author, category, groupBuy }: Parts,
): Thread {
  return {
    id: thread.id,
    title: thread.title,
    content: gate.content,
    cooked: gate.cooked,
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
    allowedUserIds: gate.allowedUserIds,
    tags: thread.tags,
    isSisterThread: thread.isSisterThread,
    parentThreadId: thread.parentThreadId ?? null,
    sisterThreadId: thread.sisterThreadId ?? null,
    hasUnlockableContent: thread.hasUnlockableContent,
    unlockableCost: thread.unlockableCost ?? null,
    unlockableType: (thread.unlockableType as Thread['unlockableType']) ?? null,
    unlockableContent: view === 'detail' ? gate.readable.discussion : null,
    isGroupBuy: thread.isGroupBuy,
    groupBuyParticipantsRequired: thread.groupBuyParticipantsRequired ?? null,
    groupBuyContributionAmount: thread.groupBuyContributionAmount ?? null,
    groupBuyContent: view === 'detail' ? gate.readable.groupBuy : null,
    groupBuyCurrentParticipants: groupBuy?.current ?? 0,
    isGroupBuyCompleted: Boolean(groupBuy?.completedAt),
    groupBuyCompletedAt: iso(groupBuy?.completedAt),
    groupBuyStatus: thread.isGroupBuy ? (groupBuy?.status ?? 'open') : null,
    groupBuyDeadline: thread.isGroupBuy ? iso(thread.groupBuyDeadline) : null,
    isApproved: thread.isApproved,
    approvedAt: iso(thread.approvedAt),
    userHasAccess: gate.userHasAccess,
    replyCount: replyCountIn(thread, context),
  };
}

/**
 * A listed thread as last presented, per thread record (the forum index holds a new record after every change to
 * the thread), frozen and shared: most members see a list the same way, and building 50 of them per request was
 * a fifth of GET /api/threads' time under load (issue #14). It is shown again only to a viewer the read gate
 * answers the same for, with the same author card, category, group buy and reply count.
 */
interface Listed extends Parts {
  shown: Thread;
}
const listed = new WeakMap<ThreadRecord, Listed>();

const sameGroupBuy = (a: GroupBuyState | undefined, b: GroupBuyState | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.current === b.current &&
    a.status === b.status &&
    a.completedAt?.getTime() === b.completedAt?.getTime());

function presentListedThread(thread: ThreadRecord, context: Context): Thread {
  const gate = gateOf(thread, context, 'list');
  const parts = partsOf(thread, context);
  const last = listed.get(thread);
  if (
    last &&
    last.shown.content === gate.content &&
    last.shown.allowedUserIds === gate.allowedUserIds &&
    last.shown.userHasAccess === gate.userHasAccess &&
    last.shown.replyCount === replyCountIn(thread, context) &&
    last.author === parts.author &&
    last.category === parts.category &&
    sameGroupBuy(last.groupBuy, parts.groupBuy)
  ) {
    return last.shown;
  }
  const shown = Object.freeze(present(thread, context, 'list', gate, parts));
  listed.set(thread, { shown, ...parts });
  return shown;
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
  app: PresentingContext,
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
  return threads.map((thread) =>
    view === 'list'
      ? presentListedThread(thread, context)
      : present(thread, context, view, gateOf(thread, context, view), partsOf(thread, context)),
  );
}

export async function presentThread(
  app: PresentingContext,
  viewer: Viewer,
  thread: ThreadRecord,
  view: ThreadView = 'detail',
  known: Known = {},
): Promise<Thread> {
  return (await presentThreads(app, viewer, [thread], view, known))[0] as Thread;
}

/** Threads from the forum index, in list view, with the reply counts it holds. */
export function presentListed(app: PresentingContext, viewer: Viewer, threads: ListedThread[]): Promise<Thread[]> {
  const counts = new Map(threads.map((thread) => [thread.id, thread.replyCount]));
  return presentThreads(app, viewer, threads, 'list', { counts });
}
