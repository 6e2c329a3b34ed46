import { api, FACTOR_TEXT } from '@enclave/protocol';
import { useMutation } from '@tanstack/react-query';
import { FingerprintPattern } from 'lucide-react';
import { call } from '../api/client.ts';
import { Button } from '../components/button.tsx';
import * as styles from './auth-forms.css.ts';
import { passkeyFailureText, provePasskey } from './passkeys.ts';
import { useSignInOutcome } from './sign-in.ts';

/**
 * Issue #27: signing in with a passkey, no username typed (the authenticator offers the accounts it holds). It ends
 * as a password sign-in does: welcomed back and moved on, or the refusal in the banner.
 */
export function PasskeySignIn({ onServerError }: { onServerError: (message: string | null) => void }) {
  const { signedIn, failed } = useSignInOutcome(onServerError);
  const signIn = useMutation({
    mutationFn: async () => {
      const challenge = await call(api.passkeySignInOptions, { silent: true });
      return call(api.passkeySignIn, { body: await provePasskey(challenge), silent: true });
    },
    onSuccess: signedIn,
    onError: (error) => failed(passkeyFailureText(error)),
  });

  return (
    <div className={styles.alternatives}>
      <span className={styles.divider}>{FACTOR_TEXT.or}</span>
      <Button
        variant="secondary"
        size="lg"
        isDisabled={signIn.isPending}
        onPress={() => {
          onServerError(null);
          signIn.mutate();
        }}
      >
        <FingerprintPattern size={18} aria-hidden />
        {FACTOR_TEXT.signInWithPasskey}
      </Button>
    </div>
  );
}
