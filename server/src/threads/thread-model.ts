import { UNLOCKABLE_TYPES, type UnlockableType } from '@enclave/protocol';
import { Schema } from 'mongoose';

export interface ThreadRecord {
  id: number;
  title: string;
  /** As written (Markdown); `cooked`, `text` and `mentions` as formatting/cook.ts made them, absent on older threads. */
  content: string;
  cooked?: string;
  /** The plain text, kept only where it differs from `content`: search and previews read it. */
  text?: string;
  /** The members its `@name`s link to; read as [] where absent. */
  mentions?: number[];
  authorId: number;
  categoryId: number;
  tags: string[];
  isPremium: boolean;
  premiumCost: number | null;
  isPrivate: boolean;
  allowedUserIds: number[];
  isSisterThread: boolean;
  parentThreadId: number | null;
  sisterThreadId: number | null;
  hasUnlockableContent: boolean;
  unlockableCost: number | null;
  unlockableType: UnlockableType | null;
  unlockableContent: string | null;
  isGroupBuy: boolean;
  groupBuyParticipantsRequired: number | null;
  groupBuyContributionAmount: number | null;
  /** What a completed group buy unlocks; read only through the read gate (policy.ts). */
  groupBuyContent: string | null;
  /** When the group buy expires unless every place is taken: its creation plus the days the organiser chose. */
  groupBuyDeadline: Date | null;
  isApproved: boolean;
  approvedBy: number | null;
  approvedAt: Date | null;
  deletedAt: Date | null;
  /** Hints for the forum's lists, written after each reply and removal; may lag (posts/replies.ts is exact). */
  replyCount?: number;
  lastReplyAt?: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A thread. Nothing here is a counter: group-buy participants and completion live in their own
 * documents under unique keys (group-buys/model.ts), replies in posts; `replyCount` and `lastReplyAt` are
 * only hints for lists, written after the replies. A deleted thread stays as a
 * tombstone without its content, so its id (part of ledger keys like `unlock:{userId}:{threadId}`)
 * is never given to another thread.
 */
export const threadSchema = new Schema<ThreadRecord>(
  {
    id: { type: Number, required: true, unique: true },
    title: { type: String, required: true },
    content: { type: String, default: '' },
    cooked: { type: String },
    text: { type: String },
    mentions: { type: [Number], default: undefined },
    authorId: { type: Number, required: true },
    categoryId: { type: Number, required: true },
    tags: { type: [String], default: [] },
    isPremium: { type: Boolean, default: false },
    premiumCost: { type: Number, default: null },
    isPrivate: { type: Boolean, default: false },
    allowedUserIds: { type: [Number], default: [] },
    isSisterThread: { type: Boolean, default: false },
    parentThreadId: { type: Number, default: null },
    sisterThreadId: { type: Number, default: null },
    hasUnlockableContent: { type: Boolean, default: false },
    unlockableCost: { type: Number, default: null },
    unlockableType: { type: String, enum: [...UNLOCKABLE_TYPES, null], default: null },
    unlockableContent: { type: String, default: null },
    isGroupBuy: { type: Boolean, default: false },
    groupBuyParticipantsRequired: { type: Number, default: null },
    groupBuyContributionAmount: { type: Number, default: null },
    groupBuyContent: { type: String, default: null },
    groupBuyDeadline: { type: Date, default: null },
    isApproved: { type: Boolean, default: false },
    approvedBy: { type: Number, default: null },
    approvedAt: { type: Date, default: null },
    deletedAt: { type: Date, default: null },
    replyCount: { type: Number, default: 0 },
    lastReplyAt: { type: Date, default: null },
  },
  { id: false, timestamps: true },
);
threadSchema.index({ categoryId: 1, id: -1 });
threadSchema.index({ isApproved: 1, id: 1 });
