import { api, type LoginBody } from '@enclave/protocol';
import { useMutation } from '@tanstack/react-query';
import { call } from '../api/client.ts';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import * as styles from './auth-forms.css.ts';
import { type CredentialField, CredentialsForm } from './credentials-form.tsx';
import { PasskeySignIn } from './passkey-sign-in.tsx';
import type { SecondStepTicket } from './second-step.tsx';
import { useSignInOutcome } from './sign-in.ts';

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

interface LoginFormProps {
  onServerError: (message: string | null) => void;
  /** The password was right and the account has a second factor: the sign-in goes on with this ticket. */
  onSecondStep: (ticket: SecondStepTicket) => void;
}

/** Spec 000 §2 and §8: a refused login shows the server's message in the banner and a toast. */
export function LoginForm({ onServerError, onSecondStep }: LoginFormProps) {
  const { signedIn, failed } = useSignInOutcome(onServerError);
  const form = useSchemaForm((loaded) => loaded.LoginBody, { username: '', password: '' });
  const login = useMutation({
    mutationFn: (body: LoginBody) => call(api.login, { body, silent: true }),
    onSuccess: (reply) => ('secondStep' in reply ? onSecondStep(reply.secondStep) : signedIn(reply)),
    onError: (error) => failed(error.message),
  });

  return (
    <div className={styles.loginPanel}>
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
      <PasskeySignIn onServerError={onServerError} />
    </div>
  );
}
