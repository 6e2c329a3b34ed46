import { CreateThreadBody, type CurrentUser, FORUM_TEXT, LIMITS, THREAD_DEFAULTS, VALIDATION } from '@enclave/protocol';
import { schemaErrors } from '../forms/schema-errors.ts';
import type { FieldErrors } from '../forms/use-checked-form.ts';
import { settingsBodyOf, type ThreadSettings } from './thread-settings.ts';

/** The Create New Thread form. */
export interface ThreadFormValues extends ThreadSettings {
  title: string;
  content: string;
  categoryId: number;
  /** The premium sister thread's content; sent only for a premium_thread discussion. */
  sisterContent: string;
  /** Days until the group buy expires unless filled; set once, here. */
  groupBuyDays: number;
}

export type ThreadFormErrors = FieldErrors<keyof ThreadFormValues & string>;

/** Spec 000 §4: the defaults; private follows the member's privacy setting (spec 001 §2). */
export function initialThreadForm(categoryId: number | null, user: CurrentUser | null): ThreadFormValues {
  return {
    title: '',
    content: '',
    categoryId: categoryId ?? THREAD_DEFAULTS.categoryId,
    isPremium: false,
    premiumCost: THREAD_DEFAULTS.premiumCost,
    isPrivate: user?.privacy.defaultThreadPrivate ?? false,
    allowedUsers: [],
    hasUnlockableContent: false,
    unlockableCost: THREAD_DEFAULTS.unlockableCost,
    unlockableType: THREAD_DEFAULTS.unlockableType,
    unlockableContent: '',
    sisterContent: '',
    isGroupBuy: false,
    groupBuyParticipantsRequired: THREAD_DEFAULTS.groupBuyParticipants,
    groupBuyContributionAmount: THREAD_DEFAULTS.groupBuyContribution,
    groupBuyContent: '',
    groupBuyDays: THREAD_DEFAULTS.groupBuyDays,
  };
}

/** The body the server receives. */
export function threadBodyOf(values: ThreadFormValues, tags: string[]): CreateThreadBody {
  const hasSister = values.hasUnlockableContent && values.unlockableType === 'premium_thread';
  return {
    title: values.title,
    content: values.content,
    categoryId: values.categoryId,
    tags,
    ...settingsBodyOf(values),
    ...(hasSister && { sisterContent: values.sisterContent }),
    ...(values.isGroupBuy && { groupBuyDays: values.groupBuyDays }),
  };
}

/** The costs each switch brings, checked against the server's maximum. */
const COSTS = [
  ['isPremium', 'premiumCost'],
  ['hasUnlockableContent', 'unlockableCost'],
  ['isGroupBuy', 'groupBuyContributionAmount'],
] as const;

/**
 * Spec 000 §5 through the protocol body (titles, contents, costs of at least 1, at least 1 participant), plus the
 * rules the server applies beyond it: at most 100 participants and costs up to the maximum, a group buy needs the
 * content it unlocks, and a premium discussion needs something to unlock (its content, or for a premium thread the
 * sister thread's content). The number fields keep what was typed, so these are what tells the member.
 */
export function threadFormErrors(values: ThreadFormValues, tags: string[]): ThreadFormErrors {
  const errors: ThreadFormErrors = schemaErrors(CreateThreadBody, threadBodyOf(values, tags));
  if (values.isGroupBuy && values.groupBuyParticipantsRequired > LIMITS.groupBuyParticipantsMax) {
    errors.groupBuyParticipantsRequired = FORUM_TEXT.participantsMax(LIMITS.groupBuyParticipantsMax);
  }
  for (const [isOn, cost] of COSTS) {
    if (values[isOn] && values[cost] > LIMITS.costMax) errors[cost] = FORUM_TEXT.costMax(LIMITS.costMax);
  }
  if (values.isGroupBuy && !values.groupBuyContent.trim()) errors.groupBuyContent = VALIDATION.groupBuyContentRequired;
  if (values.hasUnlockableContent) {
    const held = values.unlockableType === 'premium_thread' ? values.sisterContent : '';
    if (!values.unlockableContent.trim() && !held.trim()) {
      errors.unlockableContent = VALIDATION.unlockableContentRequired;
    }
  }
  return errors;
}
