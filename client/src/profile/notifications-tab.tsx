import {
  api,
  type CurrentUser,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
  STAFF_NOTIFICATION_KINDS,
} from '@enclave/protocol';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../api/client.ts';
import { Button } from '../components/button.tsx';
import { CardHeading } from '../components/card-heading.tsx';
import { SwitchField } from '../components/switch-field.tsx';
import { toast } from '../stores/toast-store.ts';
import * as styles from './profile.css.ts';

const KIND_LABEL: Record<NotificationKind, string> = {
  reply: 'Replies in threads you started or replied to',
  mention: 'Mentions of you (@name) in threads and replies you may read',
  privateThread: 'Private threads that name you',
  groupBuy: 'Group buys you joined: completed, expired or cancelled',
  payment: 'Your payments confirmed or rejected',
  report: 'Your reports acted on',
  sanctionLifted: 'A mute or ban lifted',
  approvalQueued: 'Staff: a new thread awaits approval',
  reportQueued: 'Staff: a new report',
};

const PREFERENCES_QUERY_KEY = [api.notificationPreferences.url] as const;

/** Per kind: in the app, and by email (an hourly digest at most; off unless the member turns it on). */
export function NotificationsTab({ user }: { user: CurrentUser }) {
  const query = useQuery({
    queryKey: PREFERENCES_QUERY_KEY,
    queryFn: ({ signal }) => call(api.notificationPreferences, { signal }),
  });
  const [preferences, setPreferences] = useState<NotificationPreferences | null>(null);
  useEffect(() => setPreferences((current) => current ?? query.data ?? null), [query.data]);
  const save = useMutation({
    mutationFn: (body: NotificationPreferences) =>
      call(api.saveNotificationPreferences, { body, errorTitle: 'Preferences not saved' }),
    onSuccess: () => toast({ title: 'Notification preferences saved' }),
  });
  const isStaff = user.isAdmin || user.isModerator;
  const kinds = NOTIFICATION_KINDS.filter((kind) => isStaff || !STAFF_NOTIFICATION_KINDS.includes(kind));
  const toggle = (kind: NotificationKind, channel: 'app' | 'email') => (isSelected: boolean) =>
    setPreferences(
      (current) =>
        current && { kinds: { ...current.kinds, [kind]: { ...current.kinds[kind], [channel]: isSelected } } },
    );

  return (
    <section className={styles.card} aria-labelledby="notifications-title">
      <CardHeading as="header" id="notifications-title" title="Notifications">
        Choose what the bell tells you, and what is emailed to you in a digest (at most once an hour).
      </CardHeading>
      {preferences &&
        kinds.map((kind) => (
          <fieldset key={kind} className={styles.fieldset}>
            <legend>{KIND_LABEL[kind]}</legend>
            <SwitchField label="In the app" isSelected={preferences.kinds[kind].app} onChange={toggle(kind, 'app')} />
            <SwitchField label="By email" isSelected={preferences.kinds[kind].email} onChange={toggle(kind, 'email')} />
          </fieldset>
        ))}
      <div className={styles.formActions}>
        <Button onPress={() => preferences && save.mutate(preferences)} isDisabled={!preferences || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save Notification Preferences'}
        </Button>
      </div>
    </section>
  );
}
