import { api, type CurrentUser, FACTOR_TEXT, type SecondStepBody, type SecondStepRequired } from '@enclave/protocol';
import { useMutation } from '@tanstack/react-query';
import { FingerprintPattern } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/api-error.ts';
import { call } from '../api/client.ts';
import { Button } from '../components/button.tsx';
import * as styles from './auth-forms.css.ts';
import { passkeyFailureText, provePasskey } from './passkeys.ts';
import { ProofForm } from './proof-form.tsx';
import { useSignInOutcome } from './sign-in.ts';

export type SecondStepTicket = SecondStepRequired['secondStep'];

type Proof = Omit<SecondStepBody, 'token'>;

interface SecondStepProps {
  ticket: SecondStepTicket;
  onServerError: (message: string | null) => void;
  /** Back to the password form; with a reason when the ticket ran out. */
  onBack: () => void;
}

/**
 * Issue #27: the password was right and the account has a second factor, so no session is open yet. A code from the
 * app, a passkey or a recovery code finishes the sign-in with the short-lived ticket the login answered. The server
 * refuses a wrong proof and a dead ticket alike (401, as a wrong password), so the ticket's `expiresAt` tells them
 * apart: past it, the member goes back to the password form; before it, they may try again.
 */
export function SecondStep({ ticket, onServerError, onBack }: SecondStepProps) {
  const { signedIn, failed } = useSignInOutcome(onServerError);
  const hasApp = ticket.methods.includes('app');
  const [typed, setTyped] = useState<'code' | 'recoveryCode' | null>(
    hasApp ? 'code' : ticket.methods.includes('passkey') ? null : 'recoveryCode',
  );
  const heading = useRef<HTMLHeadingElement>(null);
  // Where the form was: the heading says where the member is now, unless the code field takes the focus.
  useEffect(() => {
    if (!hasApp) heading.current?.focus();
  }, [hasApp]);

  const hasExpired = () => Date.now() >= Date.parse(ticket.expiresAt);
  const refused = (error: Error) => {
    if (!(error instanceof ApiError && error.status === 401)) return failed(passkeyFailureText(error));
    if (!hasExpired()) return failed(FACTOR_TEXT.wrongProof);
    failed(FACTOR_TEXT.secondStepExpired);
    onBack();
  };
  const finish = useMutation({
    mutationFn: async (proof: () => Promise<Proof>): Promise<CurrentUser> => {
      if (hasExpired()) throw new ApiError(401, FACTOR_TEXT.secondStepExpired);
      return call(api.secondStep, { body: { token: ticket.token, ...(await proof()) }, silent: true });
    },
    onSuccess: signedIn,
    onError: refused,
  });
  const send = (proof: () => Promise<Proof>) => {
    onServerError(null);
    finish.mutate(proof);
  };
  // Another way in starts clean: the banner spoke of the last try.
  const switchTo = (proof: 'code' | 'recoveryCode') => {
    onServerError(null);
    setTyped(proof);
  };
  const withPasskey = async (): Promise<Proof> => {
    const challenge = await call(api.secondStepOptions, { body: { token: ticket.token }, silent: true });
    return { passkey: await provePasskey(challenge) };
  };

  return (
    <section className={styles.step} aria-labelledby="second-step-title">
      <header className={styles.stepHeading}>
        <h2 id="second-step-title" ref={heading} tabIndex={-1} className={styles.stepTitle}>
          {FACTOR_TEXT.secondStepTitle}
        </h2>
        <p className={styles.muted}>{FACTOR_TEXT.secondStepIntro}</p>
      </header>
      {typed && (
        <ProofForm
          key={typed}
          proof={typed}
          label={FACTOR_TEXT.secondStepTitle}
          submitLabel={FACTOR_TEXT.verify}
          pendingLabel={FACTOR_TEXT.verifying}
          isPending={finish.isPending}
          onProof={(value) => send(async () => ({ [typed]: value }))}
          autoFocus
        />
      )}
      {ticket.methods.includes('passkey') && (
        <Button
          variant={typed ? 'secondary' : 'primary'}
          size="lg"
          onPress={() => send(withPasskey)}
          isDisabled={finish.isPending}
        >
          <FingerprintPattern size={18} aria-hidden />
          {FACTOR_TEXT.usePasskey}
        </Button>
      )}
      <div className={styles.links}>
        {typed !== 'recoveryCode' && ticket.methods.includes('recovery') && (
          <button type="button" className={styles.textButton} onClick={() => switchTo('recoveryCode')}>
            {FACTOR_TEXT.useRecovery}
          </button>
        )}
        {typed === 'recoveryCode' && hasApp && (
          <button type="button" className={styles.textButton} onClick={() => switchTo('code')}>
            {FACTOR_TEXT.useApp}
          </button>
        )}
        <button
          type="button"
          className={styles.textButton}
          onClick={() => {
            onServerError(null);
            onBack();
          }}
        >
          {FACTOR_TEXT.backToLogin}
        </button>
      </div>
    </section>
  );
}
