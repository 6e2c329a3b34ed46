import { api, type ChangePasswordBody, PROFILE_TEXT, VALIDATION } from '@enclave/protocol';
import { useMutation } from '@tanstack/react-query';
import { History, type LucideIcon, MonitorSmartphone } from 'lucide-react';
import { type ComponentType, type FormEvent, useState } from 'react';
import { call } from '../api/client.ts';
import { Button } from '../components/button.tsx';
import { CardHeading } from '../components/card-heading.tsx';
import { TextField } from '../components/text-field.tsx';
import { Form } from '../forms/form.tsx';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { SESSION_ENDING_KEY } from '../session/use-session.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { toast } from '../stores/toast-store.ts';
import { ActivityDialog } from './activity-dialog.tsx';
import * as styles from './profile.css.ts';
import { SessionsDialog } from './sessions-dialog.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

const EMPTY: ChangePasswordBody = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Spec 001 §2 and §5, the Security tab, with two-factor sign-in (issue #27) above the sessions and the log. */
export function SecurityTab() {
  return (
    <div className={styles.panel}>
      <ChangePasswordForm />
      <TwoFactorSection />
      <SecurityView
        icon={MonitorSmartphone}
        title={PROFILE_TEXT.sessionManagement}
        text={PROFILE_TEXT.sessionManagementText}
        action={PROFILE_TEXT.manageSessions}
        view={SessionsDialog}
      />
      <SecurityView
        icon={History}
        title={PROFILE_TEXT.activityLog}
        text={PROFILE_TEXT.activityLogText}
        action={PROFILE_TEXT.viewLog}
        view={ActivityDialog}
      />
    </div>
  );
}

/** A password change signs out the member's other devices; this tab gets a fresh session cookie. */
function ChangePasswordForm() {
  const renewSession = useSessionStore((state) => state.renew);
  const form = useSchemaForm(
    (loaded) => loaded.ChangePasswordBody,
    EMPTY,
    (values, found) =>
      !found.confirmPassword && values.confirmPassword !== values.newPassword
        ? { confirmPassword: VALIDATION.passwordsDontMatch }
        : {},
  );
  const change = useMutation({
    mutationKey: [...SESSION_ENDING_KEY, 'change-password'],
    mutationFn: (body: ChangePasswordBody) =>
      call(api.changePassword, { body, errorTitle: PROFILE_TEXT.passwordChangeFailed }),
    onSuccess: () => {
      toast({ title: PROFILE_TEXT.passwordChanged, description: PROFILE_TEXT.passwordChangedText });
      form.reset();
      renewSession();
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await form.validate()) change.mutate(form.values);
  };

  return (
    <section className={styles.card} aria-labelledby="change-password-title">
      <CardHeading as="header" id="change-password-title" title="Change Password">
        Your other devices are signed out when the password changes.
      </CardHeading>
      <Form className={styles.form} onSubmit={submit}>
        <TextField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          {...form.field('currentPassword')}
        />
        <TextField label="New Password" type="password" autoComplete="new-password" {...form.field('newPassword')} />
        <TextField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          {...form.field('confirmPassword')}
        />
        <div className={styles.formActions}>
          <Button type="submit" isDisabled={change.isPending}>
            {change.isPending ? 'Updating…' : 'Update Password'}
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** A row of the tab whose button opens a view of its own (the sessions, the activity log) in a dialog. */
function SecurityView({
  icon: Icon,
  title,
  text,
  action,
  view: View,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  action: string;
  view: ComponentType<{ isOpen: boolean; onOpenChange: (open: boolean) => void }>;
}) {
  const [isOpen, setOpen] = useState(false);
  return (
    <section className={styles.rowCard} aria-label={title}>
      <header className={styles.cardHeading}>
        <h2 className={styles.cardTitle}>
          <Icon size={18} aria-hidden />
          {title}
        </h2>
        <p className={styles.muted}>{text}</p>
      </header>
      <Button variant="secondary" onPress={() => setOpen(true)}>
        {action}
      </Button>
      <View isOpen={isOpen} onOpenChange={setOpen} />
    </section>
  );
}
