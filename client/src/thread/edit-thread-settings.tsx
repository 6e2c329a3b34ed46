import { TextField } from '../components/text-field.tsx';
import {
  GroupBuySetting,
  PremiumDiscussionSetting,
  PremiumSetting,
  PrivateSetting,
} from '../forum/thread-settings-fields.tsx';
import { Section } from './edit-thread-settings-frame.tsx';
import type { EditThreadErrors, EditThreadValues } from './edit-thread-values.ts';

export interface EditThreadSettingsProps {
  settings: {
    values: EditThreadValues;
    errors: EditThreadErrors;
    change: (patch: Partial<EditThreadValues>) => void;
    layout: 'page';
  };
  hasSister: boolean;
  authorId: number;
}

/** The edit page's access, premium discussion and group buy sections (spec 001 §2). */
export function EditThreadSettings({ settings, hasSister, authorId }: EditThreadSettingsProps) {
  const { values, errors, change: set } = settings;
  return (
    <>
      <Section title="Access Settings">
        <PremiumSetting
          {...settings}
          label="Premium"
          description="Members buy the thread once to read its content and replies."
        />
        <PrivateSetting
          {...settings}
          label="Private"
          description="Only the author, the members chosen below and staff can read it."
          authorId={authorId}
        />
      </Section>
      <Section title="Premium Discussion Settings">
        <PremiumDiscussionSetting
          {...settings}
          description="Content members unlock with coins. A thread cannot also be a group buy."
        >
          <TextField
            label="Premium discussion content"
            rows={4}
            description={
              values.unlockableType === 'premium_thread' && hasSister
                ? 'The premium discussion itself lives in its sister thread.'
                : undefined
            }
            value={values.unlockableContent}
            onChange={(unlockableContent) => set({ unlockableContent })}
            error={errors.unlockableContent}
          />
        </PremiumDiscussionSetting>
      </Section>
      <Section title="Group Buy Settings">
        <GroupBuySetting
          {...settings}
          label="Group buy"
          description="Participants each contribute coins; the content unlocks when every place is taken."
        />
      </Section>
    </>
  );
}
