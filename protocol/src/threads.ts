import Type from 'typebox';
import { Id, IdParams, IsoDate, Nullable } from './common.ts';
import { route } from './contract.ts';
import { endpoints } from './endpoints.ts';
import { LIMITS } from './limits.ts';
import { GroupBuyPhase } from './purchases.ts';
import { ReactionSummary } from './reactions.ts';
import { FORUM_TEXT, VALIDATION } from './ui-texts.ts';

export const UNLOCKABLE_TYPES = ['download_link', 'text_content', 'premium_thread'] as const;
export type UnlockableType = (typeof UNLOCKABLE_TYPES)[number];
export const UnlockableKind = Type.Enum(UNLOCKABLE_TYPES);

/**
 * A thread as the viewer may see it (spec 000 §3 and spec 001 §3). `content` is empty in lists for
 * a premium thread the viewer has no access to; `unlockableContent` is null unless the viewer holds
 * the premium discussion, and always null in lists and pushed events.
 */
export const Thread = Type.Object({
  id: Id,
  title: Type.String(),
  /**
   * The thread's own answer (detail): as written (Markdown, what an edit starts from). Lists and pushed events: the
   * plain text (what cards preview and search matches), without markup. Empty wherever the text is withheld.
   */
  content: Type.String(),
  /** The thread's own answer only: the content as HTML, cooked and sanitized when written. Empty where withheld. */
  cooked: Type.Optional(Type.String()),
  /** Reactions as the viewer sees them (issue 28): counts by kind and the viewer's own; on the thread page only. */
  reactions: Type.Optional(ReactionSummary),
  categoryId: Id,
  authorId: Id,
  /** Null when the author's account is gone: the client shows 'Anonymous'. */
  authorName: Nullable(Type.String()),
  authorProfilePic: Nullable(Type.String()),
  authorBio: Nullable(Type.String()),
  authorIsAdmin: Type.Boolean(),
  authorIsModerator: Type.Boolean(),
  /** What the admin tables read (spec 001 §3: "author (with username) and category (with name)"). */
  author: Nullable(Type.Object({ id: Id, username: Type.String() })),
  category: Nullable(Type.Object({ id: Id, name: Type.String() })),
  createdAt: IsoDate,
  updatedAt: IsoDate,
  isPremium: Type.Boolean(),
  premiumCost: Nullable(Type.Integer()),
  isPrivate: Type.Boolean(),
  /** Only the author and staff see who else may read a private thread. */
  allowedUserIds: Type.Optional(Type.Array(Id)),
  tags: Type.Array(Type.String()),
  isSisterThread: Type.Boolean(),
  parentThreadId: Nullable(Id),
  sisterThreadId: Nullable(Id),
  hasUnlockableContent: Type.Boolean(),
  unlockableCost: Nullable(Type.Integer()),
  unlockableType: Nullable(UnlockableKind),
  unlockableContent: Nullable(Type.String()),
  isGroupBuy: Type.Boolean(),
  groupBuyParticipantsRequired: Nullable(Type.Integer()),
  groupBuyContributionAmount: Nullable(Type.Integer()),
  /**
   * What the group buy unlocks: null except for the organiser and staff, and, once the group buy is
   * complete, its participants; always null in lists and pushed events.
   */
  groupBuyContent: Nullable(Type.String()),
  /** Counted from the places taken, never a kept counter. */
  groupBuyCurrentParticipants: Type.Integer({ minimum: 0 }),
  isGroupBuyCompleted: Type.Boolean(),
  groupBuyCompletedAt: Nullable(IsoDate),
  /** Null for a thread that is not a group buy. */
  groupBuyStatus: Nullable(GroupBuyPhase),
  /** When an open group buy expires; null when it is not a group buy, or one from before deadlines. */
  groupBuyDeadline: Nullable(IsoDate),
  /** False: only the author ('Pending approval') and staff see the thread. */
  isApproved: Type.Boolean(),
  approvedAt: Nullable(IsoDate),
  /** The viewer may read everything this thread sells (premium content, premium discussion, group buy). */
  userHasAccess: Type.Boolean(),
  replyCount: Type.Integer({ minimum: 0 }),
  /** What the thread page offers the viewer on this thread; only in the thread's own answer. */
  abilities: Type.Optional(Type.Object({ canEdit: Type.Boolean(), canDelete: Type.Boolean() })),
});
export type Thread = Type.Static<typeof Thread>;
export type ThreadAbilities = NonNullable<Thread['abilities']>;

/** The 402 a premium thread answers without access: what the purchase dialog needs, never the content. */
export const PremiumRequiredDetails = Type.Object({
  threadId: Id,
  title: Type.String(),
  premiumCost: Type.Integer(),
  authorName: Nullable(Type.String()),
});
export type PremiumRequiredDetails = Type.Static<typeof PremiumRequiredDetails>;

/** Every cost input has a minimum of 1 (spec 000 §5); maxima are checked by the server with their own texts. */
const Cost = Type.Integer({ minimum: 1, errorMessage: VALIDATION.contributionMin });
const Tags = Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 });
const AllowedUserIds = Type.Array(Id, {
  maxItems: LIMITS.allowedUsersMax,
  errorMessage: FORUM_TEXT.allowedUsersMax(LIMITS.allowedUsersMax),
});

/** Spec 000 §5. Tags are trimmed, lowercased and deduplicated by the server too. */
export const CreateThreadBody = Type.Object({
  title: Type.String({ minLength: 1, pattern: '\\S', errorMessage: VALIDATION.titleRequired }),
  content: Type.String({ minLength: 1, pattern: '\\S', errorMessage: VALIDATION.contentRequired }),
  categoryId: Id,
  tags: Type.Optional(Tags),
  isPremium: Type.Optional(Type.Boolean()),
  premiumCost: Type.Optional(Cost),
  isPrivate: Type.Optional(Type.Boolean()),
  /** Who else may read a private thread; each is told when the thread becomes readable to them. */
  allowedUserIds: Type.Optional(AllowedUserIds),
  hasUnlockableContent: Type.Optional(Type.Boolean()),
  unlockableCost: Type.Optional(Cost),
  unlockableType: Type.Optional(UnlockableKind),
  unlockableContent: Type.Optional(Type.String()),
  /** The premium sister thread's content, for unlockable type premium_thread. */
  sisterContent: Type.Optional(Type.String()),
  isGroupBuy: Type.Optional(Type.Boolean()),
  groupBuyParticipantsRequired: Type.Optional(
    Type.Integer({ minimum: LIMITS.groupBuyParticipantsMin, errorMessage: VALIDATION.participantsMin }),
  ),
  groupBuyContributionAmount: Type.Optional(Cost),
  /** Days until the group buy expires unless filled (default THREAD_DEFAULTS.groupBuyDays); set once, at creation. */
  groupBuyDays: Type.Optional(
    Type.Integer({
      minimum: LIMITS.groupBuyDaysMin,
      maximum: LIMITS.groupBuyDaysMax,
      errorMessage: VALIDATION.groupBuyDaysRange,
    }),
  ),
  /** Required with isGroupBuy: what every participant sees once the last place fills. */
  groupBuyContent: Type.Optional(Type.String()),
});
export type CreateThreadBody = Type.Static<typeof CreateThreadBody>;

const OptionalAmount = Type.Optional(Nullable(Type.Integer()));

/**
 * Spec 001 §5. Every field is optional (unchanged when absent); the conditional rules (a premium thread
 * needs a cost > 0, …) are checked on the edited thread with the spec's texts.
 */
export const EditThreadBody = Type.Object({
  title: Type.Optional(Type.String({ minLength: LIMITS.editTitleMin, errorMessage: VALIDATION.editTitleMin })),
  content: Type.Optional(Type.String({ minLength: LIMITS.editContentMin, errorMessage: VALIDATION.editContentMin })),
  categoryId: Type.Optional(Id),
  tags: Type.Optional(Tags),
  isPremium: Type.Optional(Type.Boolean()),
  premiumCost: OptionalAmount,
  isPrivate: Type.Optional(Type.Boolean()),
  allowedUserIds: Type.Optional(AllowedUserIds),
  hasUnlockableContent: Type.Optional(Type.Boolean()),
  unlockableCost: OptionalAmount,
  unlockableType: Type.Optional(UnlockableKind),
  unlockableContent: Type.Optional(Nullable(Type.String())),
  isGroupBuy: Type.Optional(Type.Boolean()),
  groupBuyParticipantsRequired: OptionalAmount,
  groupBuyContributionAmount: OptionalAmount,
  groupBuyContent: Type.Optional(Type.String()),
});
export type EditThreadBody = Type.Static<typeof EditThreadBody>;

export const ThreadsQuery = Type.Object({
  categoryId: Type.Optional(Id),
  /** Case-insensitive search over title, content and tags. */
  q: Type.Optional(Type.String({ maxLength: LIMITS.searchQueryMax })),
  /** Newest first; default LIMITS.threadPageSizeDefault. */
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.pageSizeMax })),
  /** The next page: threads with an id below this one. */
  before: Type.Optional(Id),
});
export type ThreadsQuery = Type.Static<typeof ThreadsQuery>;

export const DeleteThreadReply = Type.Object({
  message: Type.String(),
  deletedThreadInfo: Type.Object({ id: Id, title: Type.String(), sisterThreadId: Nullable(Id) }),
});
export type DeleteThreadReply = Type.Static<typeof DeleteThreadReply>;

export const ApproveThreadReply = Type.Object({ message: Type.String(), thread: Thread });

export const threadRoutes = {
  threads: route({
    ...endpoints.threads,
    summary: 'Threads the viewer may see, newest first',
    querystring: ThreadsQuery,
    response: { 200: Type.Array(Thread) },
  }),
  thread: route({
    ...endpoints.thread,
    summary: 'One thread; 402 for a premium thread without access, 404 for a private one',
    params: IdParams,
    response: { 200: Thread },
  }),
  createThread: route({
    ...endpoints.createThread,
    body: CreateThreadBody,
    response: { 201: Thread },
  }),
  editThread: route({
    ...endpoints.editThread,
    summary: "Edits a thread: the edit form's fields, absent ones unchanged (admins)",
    params: IdParams,
    body: EditThreadBody,
    response: { 200: Thread },
  }),
  deleteThread: route({
    ...endpoints.deleteThread,
    summary: 'Admins and moderators; deletes the premium sister thread too',
    params: IdParams,
    response: { 200: DeleteThreadReply },
  }),
  unapprovedThreads: route({
    ...endpoints.unapprovedThreads,
    summary: 'The approval queue, oldest first (staff)',
    response: { 200: Type.Array(Thread) },
  }),
  approveThread: route({
    ...endpoints.approveThread,
    summary: 'Approves a pending thread, with its premium sister (staff)',
    params: IdParams,
    response: { 200: ApproveThreadReply },
  }),
};
