import { api, type ChangePasswordBody, PROFILE_TEXT, VALIDATION } from '@enclave/protocol';
import { useMutation } from '@tanstack/react-query';
import { History, MonitorSmartphone } from 'lucide-react';
import type { FormEvent } from 'react';
import { call } from '../api/client.ts';
import { Button } from '../components/button.tsx';
import { CardHeading } from '../components/card-heading.tsx';
import { TextField } from '../components/text-field.tsx';
import { Form } from '../forms/form.tsx';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { SESSION_ENDING_KEY } from '../session/use-session.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { toast } from '../stores/toast-store.ts';
import * as styles from './profile.css.ts';

const EMPTY: ChangePasswordBody = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Spec 001 §2 and §5, the Security tab. */
export function SecurityTab() {
  return (
    <div className={styles.panel}>
      <ChangePasswordForm />
      <UnavailableFeature
        icon={MonitorSmartphone}
        title={PROFILE_TEXT.sessionManagement}
        text="See the devices signed in to your account."
        action="Manage"
      />
      <UnavailableFeature
        icon={History}
        title={PROFILE_TEXT.activityLog}
        text="Review recent sign-ins and changes to your account."
        action="View Log"
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

/** The spec shows these buttons without an action; they stay visible but say they are not available yet. */
function UnavailableFeature({
  icon: Icon,
  title,
  text,
  action,
}: {
  icon: typeof History;
  title: string;
  text: string;
  action: string;
}) {
  return (
    <section className={styles.rowCard} aria-label={title}>
      <header className={styles.cardHeading}>
        <h2 className={styles.cardTitle}>
          <Icon size={18} aria-hidden />
          {title}
        </h2>
        <p className={styles.muted}>{text}</p>
      </header>
      <span title={PROFILE_TEXT.notAvailableYet}>
        <Button variant="secondary" isDisabled>
          {action}
        </Button>
      </span>
    </section>
  );
}
