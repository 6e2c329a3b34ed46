import { api, PROFILE_TEXT, TIMINGS } from '@enclave/protocol';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { call } from '../api/client.ts';
import { FormActions } from '../components/form-actions.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { TextField } from '../components/text-field.tsx';
import { Form } from '../forms/form.tsx';
import { SESSION_ENDING_KEY, useLogout } from '../session/use-session.ts';
import { toast } from '../stores/toast-store.ts';
import * as styles from './profile.css.ts';

interface DeleteAccountDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onDeleted: () => void;
}

/** Spec 001 §4: deletion is confirmed with the password; then a toast, the dialog closes, and logout follows in 2 s. */
export function DeleteAccountDialog({ isOpen, onOpenChange, onDeleted }: DeleteAccountDialogProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const logout = useLogout();
  const deletion = useMutation({
    mutationKey: [...SESSION_ENDING_KEY, 'delete-account'],
    mutationFn: () => call(api.deleteAccount, { body: { password }, silent: true }),
    onSuccess: (reply) => {
      toast({ title: PROFILE_TEXT.accountDeleted, description: reply.message });
      onDeleted();
      openChange(false);
      setTimeout(() => logout.mutate(), TIMINGS.accountDeletionLogout);
    },
    onError: (failure) => setError(failure.message),
  });

  const openChange = (open: boolean) => {
    onOpenChange(open);
    setPassword('');
    setError(undefined);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) deletion.mutate();
  };

  return (
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
  );
}
