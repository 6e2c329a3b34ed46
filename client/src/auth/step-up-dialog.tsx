import { api, FACTOR_TEXT, type StepUpBody } from '@enclave/protocol';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FingerprintPattern } from 'lucide-react';
import { useState } from 'react';
import { call } from '../api/client.ts';
import { Button } from '../components/button.tsx';
import { DialogActions } from '../components/dialog-actions.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { LoadingRows } from '../components/skeleton.tsx';
import { securityFactorsQuery } from '../profile/factor-queries.ts';
import { useSession } from '../session/use-session.ts';
import { useStepUpStore } from '../stores/step-up-store.ts';
import * as styles from './auth-forms.css.ts';
import { passkeyFailureText, provePasskey } from './passkeys.ts';
import { ProofForm, type TypedProof } from './proof-form.tsx';

/**
 * Issue #27: a money or power move was refused until the member confirms it is them (api/client.ts asks, and sends
 * the call again once confirmed). The app shell mounts it once, loaded the first time it is needed.
 */
export function StepUpDialog() {
  const isOpen = useStepUpStore((state) => state.isOpen);
  const settle = useStepUpStore((state) => state.settle);
  return (
    <ModalDialog title={FACTOR_TEXT.stepUpTitle} isOpen={isOpen} onOpenChange={(open) => !open && settle(false)}>
      {isOpen && <StepUpPanel onConfirmed={() => settle(true)} onCancel={() => settle(false)} />}
    </ModalDialog>
  );
}

const PASSWORD_ONLY = { typed: 'password', passkey: false, recovery: false } as const;

/**
 * What this member can confirm with, from their factors read afresh (a factor added on another device since this
 * page loaded counts: the server takes no password from a member with one); when the list cannot be read, what the
 * page last knew: every factor, or the password.
 */
function useWays(): { typed: TypedProof | null; passkey: boolean; recovery: boolean } | null {
  const { user } = useSession();
  const factors = useQuery({ ...securityFactorsQuery, refetchOnMount: 'always' });
  if (factors.isError) return user?.hasSecondFactor ? { typed: 'code', passkey: true, recovery: true } : PASSWORD_ONLY;
  if (!factors.data || factors.isFetching) return null;
  const { authenticatorApp, passkeys, recoveryCodes } = factors.data;
  if (!authenticatorApp && passkeys.length === 0) return PASSWORD_ONLY;
  return {
    typed: authenticatorApp ? 'code' : null,
    passkey: passkeys.length > 0,
    recovery: (recoveryCodes?.remaining ?? 0) > 0,
  };
}

function StepUpPanel({ onConfirmed, onCancel }: { onConfirmed: () => void; onCancel: () => void }) {
  const ways = useWays();
  const [useRecovery, setUseRecovery] = useState(false);
  const [error, setError] = useState<{ text: string; of: 'typed' | 'passkey' } | null>(null);
  const stepUp = useMutation({
    mutationFn: async (proof: () => Promise<StepUpBody>) => call(api.stepUp, { body: await proof(), silent: true }),
    onSuccess: onConfirmed,
  });
  const confirm = (of: 'typed' | 'passkey', proof: () => Promise<StepUpBody>) => {
    setError(null);
    stepUp.mutate(proof, { onError: (failure) => setError({ text: passkeyFailureText(failure), of }) });
  };
  const withPasskey = async (): Promise<StepUpBody> => {
    const challenge = await call(api.stepUpOptions, { silent: true });
    return { passkey: await provePasskey(challenge) };
  };

  if (!ways) return <LoadingRows rows={1} label={FACTOR_TEXT.stepUpTitle} />;
  const typed = useRecovery ? 'recoveryCode' : ways.typed;
  const others = (
    <>
      {ways.passkey && (
        <Button
          variant={typed ? 'secondary' : 'primary'}
          onPress={() => confirm('passkey', withPasskey)}
          isDisabled={stepUp.isPending}
        >
          <FingerprintPattern size={16} aria-hidden />
          {FACTOR_TEXT.usePasskey}
        </Button>
      )}
      {error?.of === 'passkey' && (
        <p className={styles.problem} role="alert">
          {error.text}
        </p>
      )}
      {ways.recovery && (!useRecovery || ways.typed === 'code') && (
        <button
          type="button"
          className={styles.textButton}
          onClick={() => {
            setError(null);
            setUseRecovery(!useRecovery);
          }}
        >
          {useRecovery ? FACTOR_TEXT.useApp : FACTOR_TEXT.useRecovery}
        </button>
      )}
    </>
  );

  return (
    <>
      <p className={styles.muted}>{FACTOR_TEXT.stepUpIntro}</p>
      {typed ? (
        <ProofForm
          key={typed}
          proof={typed}
          label={FACTOR_TEXT.stepUpTitle}
          submitLabel={FACTOR_TEXT.confirm}
          pendingLabel={FACTOR_TEXT.confirming}
          isPending={stepUp.isPending}
          error={error?.of === 'typed' ? error.text : undefined}
          onEdit={() => setError(null)}
          onProof={(value) => confirm('typed', async () => ({ [typed]: value }))}
          onCancel={onCancel}
          autoFocus
        >
          {others}
        </ProofForm>
      ) : (
        <div className={styles.form}>
          {others}
          <DialogActions>
            <Button variant="secondary" onPress={onCancel}>
              {FACTOR_TEXT.cancel}
            </Button>
          </DialogActions>
        </div>
      )}
    </>
  );
}
