import { FORUM_PAGE_TEXT, LIMITS } from '@enclave/protocol';
import type { ReactNode } from 'react';
import { NumberField } from '../components/number-field.tsx';
import { SelectField } from '../components/select-field.tsx';
import { SwitchField } from '../components/switch-field.tsx';
import { TextField } from '../components/text-field.tsx';
import { MemberPicker } from './member-picker.tsx';
import * as styles from './thread-settings.css.ts';
import type { ThreadSettings, ThreadSettingsErrors } from './thread-settings.ts';
import { UNLOCKABLE_TYPE_OPTIONS } from './thread-settings.ts';

/** The Create New Thread dialog, or the edit page with its sections. */
type SettingsLayout = keyof typeof styles.pair;

interface SettingProps {
  values: ThreadSettings;
  errors: ThreadSettingsErrors;
  change: (patch: Partial<ThreadSettings>) => void;
  layout: SettingsLayout;
  /** What the switch means for whoever fills the form in: the author creating, or an admin editing. */
  description: string;
}

interface SwitchSettingProps {
  label: string;
  description: string;
  isSelected: boolean;
  onChange: (isSelected: boolean) => void;
  layout: SettingsLayout;
  /** The inputs the switch reveals while it is on: in a tinted box in the dialog, inline on the edit page. */
  children: ReactNode;
}

function SwitchSetting({ label, description, isSelected, onChange, layout, children }: SwitchSettingProps) {
  return (
    <>
      <SwitchField label={label} description={description} isSelected={isSelected} onChange={onChange} />
      {isSelected && (layout === 'dialog' ? <div className={styles.reveal}>{children}</div> : children)}
    </>
  );
}

/** The premium switch and, while it is on, the cost of reading the thread. */
export function PremiumSetting({ values, errors, change, layout, ...text }: SettingProps & { label: string }) {
  return (
    <SwitchSetting
      {...text}
      layout={layout}
      isSelected={values.isPremium}
      onChange={(isPremium) => change({ isPremium })}
    >
      <NumberField
        label="Premium cost (coins)"
        value={values.premiumCost}
        onChange={(premiumCost) => change({ premiumCost })}
        error={errors.premiumCost}
      />
    </SwitchSetting>
  );
}

/** The private switch and, while it is on, the members who may read the thread besides its author and staff. */
export function PrivateSetting({
  values,
  change,
  layout,
  authorId,
  ...text
}: Omit<SettingProps, 'errors'> & { label: string; authorId: number | undefined }) {
  return (
    <SwitchSetting
      {...text}
      layout={layout}
      isSelected={values.isPrivate}
      onChange={(isPrivate) => change({ isPrivate })}
    >
      <MemberPicker
        members={values.allowedUsers}
        onChange={(allowedUsers) => change({ allowedUsers })}
        authorId={authorId}
      />
    </SwitchSetting>
  );
}

/**
 * The Premium Private Discussion switch and, while it is on, its cost and type; `children` are the content
 * inputs, which differ between creating (with a sister thread) and editing.
 */
export function PremiumDiscussionSetting({
  values,
  errors,
  change,
  layout,
  description,
  children,
}: SettingProps & { children: ReactNode }) {
  return (
    <SwitchSetting
      label={FORUM_PAGE_TEXT.premiumDiscussion}
      description={description}
      layout={layout}
      isSelected={values.hasUnlockableContent}
      onChange={(hasUnlockableContent) => change({ hasUnlockableContent })}
    >
      <div className={styles.pair[layout]}>
        <NumberField
          label="Unlock cost (coins)"
          value={values.unlockableCost}
          onChange={(unlockableCost) => change({ unlockableCost })}
          error={errors.unlockableCost}
        />
        <SelectField
          label="Type"
          options={UNLOCKABLE_TYPE_OPTIONS}
          value={values.unlockableType}
          onChange={(unlockableType) => change({ unlockableType })}
        />
      </div>
      {children}
    </SwitchSetting>
  );
}

/**
 * The group-buy switch and, while it is on, how many places there are and what each costs; `children` are the
 * inputs only creating has (the deadline is set once, at creation).
 */
export function GroupBuySetting({
  values,
  errors,
  change,
  layout,
  children,
  ...text
}: SettingProps & { label: string; children?: ReactNode }) {
  return (
    <SwitchSetting
      {...text}
      layout={layout}
      isSelected={values.isGroupBuy}
      onChange={(isGroupBuy) => change({ isGroupBuy })}
    >
      <div className={styles.pair[layout]}>
        <NumberField
          label="Participants required"
          value={values.groupBuyParticipantsRequired}
          onChange={(groupBuyParticipantsRequired) => change({ groupBuyParticipantsRequired })}
          error={errors.groupBuyParticipantsRequired}
        />
        <NumberField
          label="Contribution per member (coins)"
          value={values.groupBuyContributionAmount}
          onChange={(groupBuyContributionAmount) => change({ groupBuyContributionAmount })}
          error={errors.groupBuyContributionAmount}
        />
      </div>
      <TextField
        label={FORUM_PAGE_TEXT.groupBuyContent}
        description={FORUM_PAGE_TEXT.groupBuyContentHelp}
        rows={3}
        maxLength={LIMITS.threadContentMax}
        value={values.groupBuyContent}
        onChange={(groupBuyContent) => change({ groupBuyContent })}
        error={errors.groupBuyContent}
      />
      {children}
    </SwitchSetting>
  );
}
