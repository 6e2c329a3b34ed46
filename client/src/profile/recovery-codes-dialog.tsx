import { FACTOR_TEXT } from '@enclave/protocol';
import { Check, Copy } from 'lucide-react';
import { Button } from '../components/button.tsx';
import { DialogActions } from '../components/dialog-actions.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { useRecoveryCodesStore } from '../stores/recovery-codes-store.ts';
import { useCopyFeedback } from '../wallet/use-copy-feedback.ts';
import * as styles from './two-factor.css.ts';

/** Issue #27: new recovery codes, shown this once (the server keeps only their hashes) until the member has saved them. */
export function RecoveryCodesDialog() {
  const codes = useRecoveryCodesStore((state) => state.codes);
  const close = useRecoveryCodesStore((state) => state.close);
  const { copied, copy } = useCopyFeedback(FACTOR_TEXT.copyFailed);
  return (
    <ModalDialog
      title={FACTOR_TEXT.codesTitle}
      isOpen={codes !== null}
      onOpenChange={(open) => !open && close()}
      isAlert
    >
      <p className={styles.muted}>{FACTOR_TEXT.codesIntro}</p>
      <ol className={styles.codes} aria-label={FACTOR_TEXT.recoveryTitle}>
        {codes?.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <DialogActions>
        <Button variant="secondary" onPress={() => void copy(codes?.join('\n') ?? '')}>
          {copied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
          {copied ? FACTOR_TEXT.copied : FACTOR_TEXT.copyCodes}
        </Button>
        <Button onPress={close}>{FACTOR_TEXT.savedCodes}</Button>
      </DialogActions>
    </ModalDialog>
  );
}
