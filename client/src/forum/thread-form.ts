import {
  CreateThreadBody,
  type CurrentUser,
  FORUM_TEXT,
  LIMITS,
  THREAD_DEFAULTS,
  type UnlockableType,
  VALIDATION,
} from '@enclave/protocol';
import { type FieldErrors, schemaErrors } from '../forms/schema-errors.ts';

/** The Create New Thread form; numbers are NaN while their input is empty. */
export interface ThreadFormValues {
  title: string;
  content: string;
  categoryId: number;
  isPremium: boolean;
  premiumCost: number;
  isPrivate: boolean;
  hasUnlockableContent: boolean;
  unlockableCost: number;
  unlockableType: UnlockableType;
  unlockableContent: string;
  sisterContent: string;
  isGroupBuy: boolean;
  groupBuyParticipantsRequired: number;
  groupBuyContributionAmount: number;
}

export type ThreadFormErrors = FieldErrors<keyof ThreadFormValues & string>;

export const UNLOCKABLE_TYPE_OPTIONS = [
  { value: 'download_link', label: 'Download link' },
  { value: 'text_content', label: 'Text content' },
  { value: 'premium_thread', label: 'Premium thread' },
] as const satisfies readonly { value: UnlockableType; label: string }[];

/** Spec 000 §4: the defaults; private follows the member's privacy setting (spec 001 §2). */
export function initialThreadForm(categoryId: number | null, user: CurrentUser | null): ThreadFormValues {
  return {
    title: '',
    content: '',
    categoryId: categoryId ?? THREAD_DEFAULTS.categoryId,
    isPremium: false,
    premiumCost: THREAD_DEFAULTS.premiumCost,
    isPrivate: user?.privacy.defaultThreadPrivate ?? false,
    hasUnlockableContent: false,
    unlockableCost: THREAD_DEFAULTS.unlockableCost,
    unlockableType: THREAD_DEFAULTS.unlockableType,
    unlockableContent: '',
    sisterContent: '',
    isGroupBuy: false,
    groupBuyParticipantsRequired: THREAD_DEFAULTS.groupBuyParticipants,
    groupBuyContributionAmount: THREAD_DEFAULTS.groupBuyContribution,
  };
}

/** Spec 000 §4: a group buy and a Premium Private Discussion exclude each other; turning one on turns the other off. */
export function withChange(values: ThreadFormValues, change: Partial<ThreadFormValues>): ThreadFormValues {
  const next = { ...values, ...change };
  if (change.isGroupBuy) next.hasUnlockableContent = false;
  if (change.hasUnlockableContent) next.isGroupBuy = false;
  return next;
}

/** The body the server receives: each cost only with the switch that uses it. */
export function threadBodyOf(values: ThreadFormValues, tags: string[]): CreateThreadBody {
  const body: CreateThreadBody = {
    title: values.title,
    content: values.content,
    categoryId: values.categoryId,
    tags,
    isPremium: values.isPremium,
    isPrivate: values.isPrivate,
    hasUnlockableContent: values.hasUnlockableContent,
    isGroupBuy: values.isGroupBuy,
  };
  if (values.isPremium) body.premiumCost = values.premiumCost;
  if (values.hasUnlockableContent) {
    body.unlockableCost = values.unlockableCost;
    body.unlockableType = values.unlockableType;
    body.unlockableContent = values.unlockableContent;
    if (values.unlockableType === 'premium_thread') body.sisterContent = values.sisterContent;
  }
  if (values.isGroupBuy) {
    body.groupBuyParticipantsRequired = values.groupBuyParticipantsRequired;
    body.groupBuyContributionAmount = values.groupBuyContributionAmount;
  }
  return body;
}

/**
 * Spec 000 §5 through the protocol body (titles, contents, costs of at least 1), plus the rules the server
 * applies across fields: at most 100 participants, and a premium discussion needs something to unlock
 * (its content, or for a premium thread the sister thread's content).
 */
export function threadFormErrors(values: ThreadFormValues, tags: string[]): ThreadFormErrors {
  const errors: ThreadFormErrors = schemaErrors(CreateThreadBody, threadBodyOf(values, tags));
  if (values.isGroupBuy && values.groupBuyParticipantsRequired > LIMITS.groupBuyParticipantsMax) {
    errors.groupBuyParticipantsRequired = FORUM_TEXT.participantsMax(LIMITS.groupBuyParticipantsMax);
  }
  if (values.hasUnlockableContent) {
    const held = values.unlockableType === 'premium_thread' ? values.sisterContent : '';
    if (!values.unlockableContent.trim() && !held.trim()) {
      errors.unlockableContent = VALIDATION.unlockableContentRequired;
    }
  }
  return errors;
}
