import { AUTH_TOASTS, api, LoginBody, TOASTS } from '@enclave/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { call } from '../api/client.ts';
import { Button } from '../components/button.tsx';
import { TextField } from '../components/text-field.tsx';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { SESSION_QUERY_KEY } from '../session/use-session.ts';
import { toast } from '../stores/toast-store.ts';
import * as styles from './auth-forms.css.ts';

/** Spec 000 §2 and §8: a refused login shows the server's message in the banner and a toast. */
export function LoginForm({ onServerError }: { onServerError: (message: string | null) => void }) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(LoginBody, { username: '', password: '' });
  const login = useMutation({
    mutationFn: (body: LoginBody) => call(api.login, { body, silent: true }),
    onSuccess: (user) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
      toast({ title: TOASTS.welcomeBack.title, description: TOASTS.welcomeBack.description(user.username) });
    },
    onError: (error) => {
      onServerError(error.message);
      toast({ variant: 'destructive', title: AUTH_TOASTS.loginFailed, description: error.message });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    onServerError(null);
    login.mutate(form.values);
  };

  return (
    <Form className={styles.form} onSubmit={submit} aria-label="Login">
      <TextField label="Username" autoComplete="username" placeholder="Your username" {...form.field('username')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        placeholder="Your password"
        {...form.field('password')}
      />
      <Button type="submit" size="lg" isDisabled={login.isPending}>
        {login.isPending ? 'Logging in…' : 'Login'}
      </Button>
    </Form>
  );
}
