import { api, PROFILE_TEXT, TIMINGS } from '@enclave/protocol';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { call } from '../api/client.ts';
import { Button } from '../components/button.tsx';
import { FormActions } from '../components/form-actions.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { TextField } from '../components/text-field.tsx';
import { Form } from '../forms/form.tsx';
import { SESSION_ENDING_KEY, useLogout } from '../session/use-session.ts';
import { toast } from '../stores/toast-store.ts';
import * as styles from './profile.css.ts';

/** Spec 001 §4: deletion is confirmed with the password; then a toast, the dialog closes, and logout follows in 2 s. */
export function DangerZone() {
  const [isOpen, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const logout = useLogout();
  const deletion = useMutation({
    mutationKey: [...SESSION_ENDING_KEY, 'delete-account'],
    mutationFn: () => call(api.deleteAccount, { body: { password }, silent: true }),
    onSuccess: (reply) => {
      toast({ title: PROFILE_TEXT.accountDeleted, description: reply.message });
      setOpen(false);
      setTimeout(() => logout.mutate(), TIMINGS.accountDeletionLogout);
    },
    onError: (failure) => setError(failure.message),
  });

  const openChange = (open: boolean) => {
    setOpen(open);
    setPassword('');
    setError(undefined);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) deletion.mutate();
  };

  return (
    <section className={`${styles.dangerCard} ${styles.rowCard}`} aria-labelledby="danger-zone-title">
      <header className={styles.cardHeading}>
        <h2 id="danger-zone-title" className={styles.dangerTitle}>
          {PROFILE_TEXT.dangerZone}
        </h2>
        <p className={styles.muted}>Deleting your account is permanent and cannot be undone.</p>
      </header>
      <Button variant="destructive" onPress={() => openChange(true)} isDisabled={deletion.isSuccess}>
        {PROFILE_TEXT.deleteAccount}
      </Button>
      <ModalDialog title={PROFILE_TEXT.deleteConfirmTitle} isOpen={isOpen} onOpenChange={openChange} isAlert>
        <p className={styles.muted}>{PROFILE_TEXT.deleteConfirmBody}</p>
        <Form className={styles.form} onSubmit={submit}>
          <TextField
            label={PROFILE_TEXT.deletePasswordLabel}
            type="password"
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(value) => {
              setPassword(value);
              setError(undefined);
            }}
            error={error}
          />
          <FormActions
            onCancel={() => openChange(false)}
            variant="destructive"
            submitLabel={PROFILE_TEXT.deleteAccount}
            pendingLabel="Deleting…"
            isPending={deletion.isPending}
            isDisabled={!password}
          />
        </Form>
      </ModalDialog>
    </section>
  );
}
