import { AUTH_TOASTS, api, type RegisterBody, TOASTS, VALIDATION } from '@enclave/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client.ts';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { SESSION_QUERY_KEY } from '../session/use-session.ts';
import { usePendingVerification } from '../stores/pending-verification-store.ts';
import { clearToasts, toast } from '../stores/toast-store.ts';
import { type CredentialField, CredentialsForm, SIGN_IN_TOPIC } from './credentials-form.tsx';
import { registrationErrorText } from './registration-error.ts';

const EMPTY: RegisterBody = { username: '', email: '', password: '', confirmPassword: '' };

const FIELDS: CredentialField<keyof RegisterBody>[] = [
  { name: 'username', label: 'Username', autoComplete: 'username', placeholder: 'Choose a username' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', placeholder: 'you@example.com' },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    placeholder: 'At least 6 characters',
  },
  {
    name: 'confirmPassword',
    label: 'Confirm Password',
    type: 'password',
    autoComplete: 'new-password',
    placeholder: 'Repeat your password',
  },
];

/** Spec 000 §4: a verified account is welcomed; otherwise the registration waits for its email to be verified. */
export function RegisterForm({ onServerError }: { onServerError: (message: string | null) => void }) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(
    (loaded) => loaded.RegisterBody,
    EMPTY,
    (values, found) =>
      !found.confirmPassword && values.confirmPassword !== values.password
        ? { confirmPassword: VALIDATION.passwordsDontMatch }
        : {},
  );
  const register = useMutation({
    mutationFn: (body: RegisterBody) => call(api.register, { body, silent: true }),
    onSuccess: async (reply) => {
      clearToasts(SIGN_IN_TOPIC);
      if (reply.isEmailVerified) {
        toast({ title: TOASTS.accountCreated.title, description: TOASTS.accountCreated.description(reply.username) });
      } else {
        usePendingVerification.getState().start(reply);
      }
      // The server signed the new member in: read their record, which moves /auth on to its next state.
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
    onError: (error) => {
      const message = registrationErrorText(error.message);
      onServerError(message);
      toast({
        variant: 'destructive',
        title: AUTH_TOASTS.registrationFailed,
        description: message,
        topic: SIGN_IN_TOPIC,
      });
    },
  });

  return (
    <CredentialsForm
      label="Register"
      form={form}
      fields={FIELDS}
      submitLabel="Create Account"
      pendingLabel="Creating account…"
      isPending={register.isPending}
      onValid={(values) => {
        onServerError(null);
        register.mutate(values);
      }}
    />
  );
}
