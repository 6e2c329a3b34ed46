import type { UnlockableType } from '@enclave/protocol';
import type { FieldErrors } from '../forms/use-checked-form.ts';
import type { ChosenMember } from './member-picker.tsx';

/**
 * What a thread sells and who may read it: the settings the Create New Thread dialog and the edit page share.
 * Numbers are NaN while their input is empty.
 */
export interface ThreadSettings {
  isPremium: boolean;
  premiumCost: number;
  isPrivate: boolean;
  /** Who else reads a private thread. */
  allowedUsers: ChosenMember[];
  hasUnlockableContent: boolean;
  unlockableCost: number;
  unlockableType: UnlockableType;
  unlockableContent: string;
  isGroupBuy: boolean;
  groupBuyParticipantsRequired: number;
  groupBuyContributionAmount: number;
  /** What participants read once the last place fills. */
  groupBuyContent: string;
}

export type ThreadSettingsErrors = FieldErrors<keyof ThreadSettings & string>;

export const UNLOCKABLE_TYPE_OPTIONS = [
  { value: 'download_link', label: 'Download link' },
  { value: 'text_content', label: 'Text content' },
  { value: 'premium_thread', label: 'Premium thread' },
] as const satisfies readonly { value: UnlockableType; label: string }[];

/** Spec 000 §4: a group buy and a Premium Private Discussion exclude each other; turning one on turns the other off. */
export function withChange<Values extends ThreadSettings>(values: Values, change: Partial<Values>): Values {
  const next = { ...values, ...change };
  if (change.isGroupBuy) next.hasUnlockableContent = false;
  if (change.hasUnlockableContent) next.isGroupBuy = false;
  return next;
}

/** The settings as the server takes them: each cost, type or size only with the switch that uses it. */
export function settingsBodyOf(values: ThreadSettings) {
  return {
    isPremium: values.isPremium,
    isPrivate: values.isPrivate,
    hasUnlockableContent: values.hasUnlockableContent,
    isGroupBuy: values.isGroupBuy,
    ...(values.isPremium && { premiumCost: values.premiumCost }),
    ...(values.isPrivate && { allowedUserIds: values.allowedUsers.map((member) => member.id) }),
    ...(values.hasUnlockableContent && {
      unlockableCost: values.unlockableCost,
      unlockableType: values.unlockableType,
      unlockableContent: values.unlockableContent,
    }),
    ...(values.isGroupBuy && {
      groupBuyParticipantsRequired: values.groupBuyParticipantsRequired,
      groupBuyContributionAmount: values.groupBuyContributionAmount,
      groupBuyContent: values.groupBuyContent,
    }),
  };
}
