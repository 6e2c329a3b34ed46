import { api, type CurrentUser, PROFILE_TEXT, type PrivacySettings } from '@enclave/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api/client.ts';
import { Button } from '../components/button.tsx';
import { CardHeading } from '../components/card-heading.tsx';
import { SwitchField } from '../components/switch-field.tsx';
import { SESSION_QUERY_KEY } from '../session/use-session.ts';
import { toast } from '../stores/toast-store.ts';
import * as styles from './profile.css.ts';

/** Spec 001 §2, the Privacy tab; the server stores both settings and honours them (issue 3). */
export function PrivacyTab({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const [settings, setSettings] = useState<PrivacySettings>(user.privacy);
  const save = useMutation({
    mutationFn: (body: PrivacySettings) => call(api.updatePrivacy, { body, errorTitle: PROFILE_TEXT.updateFailed }),
    onSuccess: (updated) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, updated);
      toast({ title: PROFILE_TEXT.privacySaved });
    },
  });
  const toggle = (setting: keyof PrivacySettings) => (isSelected: boolean) =>
    setSettings((current) => ({ ...current, [setting]: isSelected }));

  return (
    <section className={styles.card} aria-labelledby="privacy-title">
      <CardHeading as="header" id="privacy-title" title="Privacy Settings">
        Choose what other members see and how your threads start.
      </CardHeading>
      <SwitchField
        label={PROFILE_TEXT.defaultThreadPrivacy}
        description={PROFILE_TEXT.defaultThreadPrivacyText}
        isSelected={settings.defaultThreadPrivate}
        onChange={toggle('defaultThreadPrivate')}
      />
      <SwitchField
        label={PROFILE_TEXT.hideProfile}
        description={PROFILE_TEXT.hideProfileText}
        isSelected={settings.hideProfile}
        onChange={toggle('hideProfile')}
      />
      <div className={styles.formActions}>
        <Button onPress={() => save.mutate(settings)} isDisabled={save.isPending}>
          {save.isPending ? 'Saving…' : PROFILE_TEXT.savePrivacy}
        </Button>
      </div>
    </section>
  );
}
