import Type from 'typebox';
import { Id, IdParams, IsoDate, Nullable } from './common.ts';
import { route } from './contract.ts';
import { endpoints } from './endpoints.ts';
import { VALIDATION } from './ui-texts.ts';

/** Premium purchase (spec 001 §7: POST /api/coins/spend with referenceType thread). */
export const SpendBody = Type.Object({
  /** The price the buyer saw; a different current price is refused, not charged. */
  amount: Type.Integer({ minimum: 1, errorMessage: VALIDATION.contributionMin }),
  referenceId: Id,
  referenceType: Type.Literal('thread'),
});
export type SpendBody = Type.Static<typeof SpendBody>;

export const SpendReply = Type.Object({ message: Type.String(), threadId: Id, balance: Type.Integer() });
export type SpendReply = Type.Static<typeof SpendReply>;

/** Spec 001 §3 "Unlockable check". */
export const UnlockableCheck = Type.Object({
  /** The viewer may read the premium discussion: the author, staff, or a member who unlocked it. */
  hasAccess: Type.Boolean(),
  /** The viewer paid for it. */
  userPaidForAccess: Type.Boolean(),
  /** Show it as unlocked (same as hasAccess: staff see it unlocked because access exists). */
  alreadyUnlocked: Type.Boolean(),
  sisterThreadId: Nullable(Id),
});
export type UnlockableCheck = Type.Static<typeof UnlockableCheck>;

/** Spec 000 §7: `content` is the premium discussion when unlocked, else null. */
export const CheckUnlockedReply = Type.Object({
  isUnlocked: Type.Boolean(),
  content: Nullable(Type.String()),
  sisterThreadId: Nullable(Id),
});
export type CheckUnlockedReply = Type.Static<typeof CheckUnlockedReply>;

/** Spec 000 sends `cost`, spec 001 an empty object: a cost, when sent, must be the current price. */
export const UnlockBody = Type.Object({ cost: Type.Optional(Type.Integer({ minimum: 1 })) });
export type UnlockBody = Type.Static<typeof UnlockBody>;

/** After 500 ms the client goes to /thread/{sisterThreadId} when it is set. */
export const UnlockReply = Type.Object({
  message: Type.String(),
  content: Nullable(Type.String()),
  sisterThreadId: Nullable(Id),
});
export type UnlockReply = Type.Static<typeof UnlockReply>;

/** How a group buy ended: completed pays the escrow to the organiser; expired and cancelled return every contribution. */
export const GROUP_BUY_OUTCOMES = ['completed', 'expired', 'cancelled'] as const;
export type GroupBuyOutcome = (typeof GROUP_BUY_OUTCOMES)[number];
/** Where a group buy stands: open until its outcome. */
export const GroupBuyPhase = Type.Enum(['open', ...GROUP_BUY_OUTCOMES]);
export type GroupBuyPhase = Type.Static<typeof GroupBuyPhase>;

export const GroupBuyStatus = Type.Object({
  status: GroupBuyPhase,
  /** When it expires unless every place is taken; null for a group buy from before deadlines (it never expires). */
  deadline: Nullable(IsoDate),
  isCompleted: Type.Boolean(),
  isParticipant: Type.Boolean(),
  current: Type.Integer({ minimum: 0 }),
  required: Type.Integer({ minimum: 1 }),
  contributionAmount: Type.Integer({ minimum: 1 }),
  completedAt: Nullable(IsoDate),
  /** What the group buy unlocks: for the organiser and staff, and for participants once it is complete. */
  content: Nullable(Type.String()),
});
export type GroupBuyStatus = Type.Static<typeof GroupBuyStatus>;

export const ContributeBody = Type.Object({
  amount: Type.Integer({ minimum: 1, errorMessage: VALIDATION.contributionMin }),
});
export type ContributeBody = Type.Static<typeof ContributeBody>;

export const ContributeReply = Type.Object({
  isCompleted: Type.Boolean(),
  message: Type.String(),
  current: Type.Integer({ minimum: 0 }),
  required: Type.Integer({ minimum: 1 }),
});
export type ContributeReply = Type.Static<typeof ContributeReply>;

/** Pushed to the thread room and to every participant after each contribution. */
export const GroupBuyProgress = Type.Object({
  threadId: Id,
  current: Type.Integer({ minimum: 0 }),
  required: Type.Integer({ minimum: 1 }),
  isCompleted: Type.Boolean(),
});
export type GroupBuyProgress = Type.Static<typeof GroupBuyProgress>;

/** Pushed to the thread room and every participant once an expired or cancelled group buy has returned every contribution. */
export const GroupBuyEnded = Type.Object({
  threadId: Id,
  status: Type.Enum(['expired', 'cancelled']),
});
export type GroupBuyEnded = Type.Static<typeof GroupBuyEnded>;

/** Threads whose paid content the member holds: purchases, unlocks (with their sisters), completed group buys. */
export const UnlockedContent = Type.Object({ threadIds: Type.Array(Id) });
export type UnlockedContent = Type.Static<typeof UnlockedContent>;

export const purchaseRoutes = {
  spendCoins: route({
    ...endpoints.spendCoins,
    summary: 'Buy a premium thread',
    body: SpendBody,
    response: { 200: SpendReply },
  }),
  unlockable: route({
    ...endpoints.unlockable,
    params: IdParams,
    response: { 200: UnlockableCheck },
  }),
  checkUnlocked: route({
    ...endpoints.checkUnlocked,
    params: IdParams,
    response: { 200: CheckUnlockedReply },
  }),
  unlock: route({
    ...endpoints.unlock,
    summary: 'Unlock the premium discussion',
    params: IdParams,
    body: UnlockBody,
    response: { 200: UnlockReply },
  }),
  groupBuyStatus: route({
    ...endpoints.groupBuyStatus,
    params: IdParams,
    response: { 200: GroupBuyStatus },
  }),
  contribute: route({
    ...endpoints.contribute,
    params: IdParams,
    body: ContributeBody,
    response: { 200: ContributeReply },
  }),
  unlockedContent: route({
    ...endpoints.unlockedContent,
    response: { 200: UnlockedContent },
  }),
};
