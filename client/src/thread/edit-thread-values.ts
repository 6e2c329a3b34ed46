import { type EditThreadBody, FORUM_TEXT, LIMITS, THREAD_DEFAULTS, type Thread, VALIDATION } from '@enclave/protocol';
import type { FieldErrors } from '../forms/use-checked-form.ts';
import type { ChosenMember } from '../forum/member-picker.tsx';
import { settingsBodyOf, type ThreadSettings } from '../forum/thread-settings.ts';

/** The edit form's fields. */
export interface EditThreadValues extends ThreadSettings {
  title: string;
  content: string;
  categoryId: number;
  /** Comma-separated, as typed. */
  tags: string;
}

export type EditThreadErrors = FieldErrors<keyof EditThreadValues & string>;

/** The thread as the form starts; a feature that is off starts from the create dialog's defaults. */
export function valuesOf(thread: Thread, members: ChosenMember[]): EditThreadValues {
  return {
    title: thread.title,
    content: thread.content,
    categoryId: thread.categoryId,
    tags: thread.tags.join(', '),
    isPremium: thread.isPremium,
    premiumCost: thread.premiumCost ?? THREAD_DEFAULTS.premiumCost,
    isPrivate: thread.isPrivate,
    allowedUsers: members,
    hasUnlockableContent: thread.hasUnlockableContent,
    unlockableCost: thread.unlockableCost ?? THREAD_DEFAULTS.unlockableCost,
    unlockableType: thread.unlockableType ?? THREAD_DEFAULTS.unlockableType,
    unlockableContent: thread.unlockableContent ?? '',
    isGroupBuy: thread.isGroupBuy,
    groupBuyParticipantsRequired: thread.groupBuyParticipantsRequired ?? THREAD_DEFAULTS.groupBuyParticipants,
    groupBuyContributionAmount: thread.groupBuyContributionAmount ?? THREAD_DEFAULTS.groupBuyContribution,
    groupBuyContent: thread.groupBuyContent ?? '',
  };
}

/** Spec 001 §5: tags are entered comma-separated, trimmed and split into a list. */
export function tagsOf(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

const positive = (value: number) => Number.isFinite(value) && value > 0;

function amountError(value: number, required: string, max: number, tooMany: string): string | undefined {
  if (!positive(value)) return required;
  return value > max ? tooMany : undefined;
}

/**
 * Spec 001 §5 with its texts, the same rules the server applies to the edited thread. A premium_thread
 * discussion whose sister thread exists keeps its content there, so it needs none here.
 */
export function editThreadErrors(values: EditThreadValues, hasSister: boolean): EditThreadErrors {
  const errors: EditThreadErrors = {};
  const costMax = FORUM_TEXT.costMax(LIMITS.costMax);
  if (values.title.trim().length < LIMITS.editTitleMin) errors.title = VALIDATION.editTitleMin;
  else if (values.title.trim().length > LIMITS.threadTitleMax)
    errors.title = FORUM_TEXT.titleMax(LIMITS.threadTitleMax);
  if (values.content.trim().length < LIMITS.editContentMin) errors.content = VALIDATION.editContentMin;
  else if (values.content.length > LIMITS.threadContentMax) {
    errors.content = FORUM_TEXT.contentMax(LIMITS.threadContentMax);
  }
  const tags = tagsOf(values.tags);
  if (tags.length > LIMITS.tagsMax) errors.tags = FORUM_TEXT.tagsMax(LIMITS.tagsMax);
  else if (tags.some((tag) => tag.length > LIMITS.tagMax)) errors.tags = FORUM_TEXT.tagMax(LIMITS.tagMax);
  if (values.isPremium) {
    errors.premiumCost = amountError(values.premiumCost, VALIDATION.premiumCostRequired, LIMITS.costMax, costMax);
  }
  if (values.hasUnlockableContent) {
    errors.unlockableCost = amountError(
      values.unlockableCost,
      VALIDATION.unlockableCostRequired,
      LIMITS.costMax,
      costMax,
    );
    const heldBySister = values.unlockableType === 'premium_thread' && hasSister;
    if (!values.unlockableContent.trim() && !heldBySister) {
      errors.unlockableContent = VALIDATION.unlockableContentRequired;
    }
  }
  if (values.isGroupBuy) {
    errors.groupBuyParticipantsRequired = amountError(
      values.groupBuyParticipantsRequired,
      VALIDATION.participantsRequired,
      LIMITS.groupBuyParticipantsMax,
      FORUM_TEXT.participantsMax(LIMITS.groupBuyParticipantsMax),
    );
    if (!values.groupBuyContent.trim()) errors.groupBuyContent = VALIDATION.groupBuyContentRequired;
    errors.groupBuyContributionAmount = amountError(
      values.groupBuyContributionAmount,
      VALIDATION.contributionRequired,
      LIMITS.costMax,
      costMax,
    );
  }
  return errors;
}

/** The PATCH body: a feature that is off sends only its switch, so its settings are kept for later. */
export function editBodyOf(values: EditThreadValues): EditThreadBody {
  return {
    title: values.title.trim(),
    content: values.content.trim(),
    categoryId: values.categoryId,
    tags: tagsOf(values.tags),
    ...settingsBodyOf(values),
    // Cleared content goes as null: a premium_thread discussion may keep its content in the sister thread.
    ...(values.hasUnlockableContent && { unlockableContent: values.unlockableContent.trim() || null }),
  };
}
