import { AUTH_TOASTS, api, type LoginBody, TOASTS } from '@enclave/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client.ts';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { SESSION_QUERY_KEY } from '../session/use-session.ts';
import { clearToasts, toast } from '../stores/toast-store.ts';
import { type CredentialField, CredentialsForm, SIGN_IN_TOPIC } from './credentials-form.tsx';

const FIELDS: CredentialField<keyof LoginBody>[] = [
  { name: 'username', label: 'Username', autoComplete: 'username', placeholder: 'Your username' },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'current-password',
    placeholder: 'Your password',
  },
];

/** Spec 000 §2 and §8: a refused login shows the server's message in the banner and a toast. */
export function LoginForm({ onServerError }: { onServerError: (message: string | null) => void }) {
  const queryClient = useQueryClient();
  const form = useSchemaForm((loaded) => loaded.LoginBody, { username: '', password: '' });
  const login = useMutation({
    mutationFn: (body: LoginBody) => call(api.login, { body, silent: true }),
    onSuccess: (user) => {
      // The second step's screen lands with the factor screens (issue #27); no member has a factor before them.
      if ('secondStep' in user) return;
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
      clearToasts(SIGN_IN_TOPIC);
      toast({ title: TOASTS.welcomeBack.title, description: TOASTS.welcomeBack.description(user.username) });
    },
    onError: (error) => {
      onServerError(error.message);
      toast({
        variant: 'destructive',
        title: AUTH_TOASTS.loginFailed,
        description: error.message,
        topic: SIGN_IN_TOPIC,
      });
    },
  });

  return (
    <CredentialsForm
      label="Login"
      form={form}
      fields={FIELDS}
      submitLabel="Login"
      pendingLabel="Logging in…"
      isPending={login.isPending}
      onValid={(values) => {
        onServerError(null);
        login.mutate(values);
      }}
    />
  );
}
