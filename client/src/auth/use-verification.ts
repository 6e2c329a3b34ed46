import { AUTH_TEXT, AUTH_TOASTS, api, TIMINGS, TOASTS, VALIDATION } from '@enclave/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { retryAfterOf } from '../api/api-error.ts';
import { call } from '../api/client.ts';
import { SESSION_QUERY_KEY } from '../session/use-session.ts';
import { usePendingVerification } from '../stores/pending-verification-store.ts';
import { toast } from '../stores/toast-store.ts';

function failureText(error: Error, fallback: string): string {
  return error.message || fallback;
}

/**
 * Spec 000 §4: verify with the given email, else the pending registration's. On success the pending data goes,
 * 'Email verified!' shows, and after 300 ms the member is marked verified and lands on /.
 */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: ({ code, email }: { code: string; email: string | null }) => {
      const pendingEmail = usePendingVerification.getState().email;
      return call(api.verifyEmail, {
        body: { code: code.trim(), email: email ?? pendingEmail ?? undefined },
        silent: true,
      });
    },
    onSuccess: (answer) => {
      usePendingVerification.getState().clear();
      toast(TOASTS.emailVerified);
      setTimeout(() => {
        // Verifying signs no one in: only the member's own session is answered with their account, which a tab with
        // that session shows verified. Anyone else gets a confirmation: a tab that thought itself signed in asks again.
        const signedInHere = Boolean(queryClient.getQueryData(SESSION_QUERY_KEY));
        if (signedInHere && 'id' in answer) queryClient.setQueryData(SESSION_QUERY_KEY, answer);
        else if (signedInHere) void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
        void router.navigate({ to: '/' });
      }, TIMINGS.redirectAfterVerify);
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: AUTH_TEXT.verificationFailed,
        description: failureText(error, AUTH_TEXT.verificationFailed),
      }),
  });
}

/**
 * Spec 000 §5 and §8: a resend needs an email address; a development server answers with the new code too.
 * A failed resend toasts the server's error. One refused inside the cool-down also says how many seconds are left,
 * which `onCooldown` counts down on the button.
 */
export function useResendCode(onCooldown: (seconds: number) => void) {
  return useMutation({
    mutationFn: (email: string | null) => {
      if (!email) return Promise.reject(new Error(VALIDATION.noEmailForVerification));
      return call(api.resendVerification, { body: { email }, silent: true });
    },
    onSuccess: (reply) => {
      if (reply.testVerificationCode) usePendingVerification.getState().setTestCode(reply.testVerificationCode);
      toast(TOASTS.codeSent);
    },
    onError: (error) => {
      const seconds = retryAfterOf(error);
      if (seconds) onCooldown(seconds);
      toast({
        variant: 'destructive',
        title: AUTH_TOASTS.resendFailed,
        description: failureText(error, AUTH_TEXT.resendFailed),
      });
    },
  });
}
