import { AUTH_TOASTS, type CurrentUser, TOASTS } from '@enclave/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { SESSION_QUERY_KEY } from '../session/use-session.ts';
import { clearToasts, toast } from '../stores/toast-store.ts';
import { SIGN_IN_TOPIC } from './credentials-form.tsx';

/**
 * How every way of signing in on /auth ends (a password, a password and its second step, a passkey): the member
 * is welcomed back and the page moves on; a refusal shows in the page's banner and a toast.
 */
export function useSignInOutcome(onServerError: (message: string | null) => void) {
  const queryClient = useQueryClient();
  return {
    signedIn: (user: CurrentUser) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
      clearToasts(SIGN_IN_TOPIC);
      toast({ title: TOASTS.welcomeBack.title, description: TOASTS.welcomeBack.description(user.username) });
    },
    failed: (message: string) => {
      onServerError(message);
      toast({ variant: 'destructive', title: AUTH_TOASTS.loginFailed, description: message, topic: SIGN_IN_TOPIC });
    },
  };
}
