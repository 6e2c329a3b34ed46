import { THREAD_PAGE_TEXT, THREAD_TEXT } from '@enclave/protocol';
import { Unlock } from 'lucide-react';
import { Button } from '../components/button.tsx';
import { DialogActions } from '../components/dialog-actions.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { CoinSummary } from './coin-summary.tsx';
import { dangerNotice, muted, noticeTitle } from './thread.css.ts';

interface UnlockDialogProps {
  cost: number;
  balance: number;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onConfirm: () => void;
  isPending: boolean;
  /** The server's refusal of the last attempt. */
  error: Error | null;
}

/** Spec 000 §2 'Unlock Premium Content': cost, balance, and a confirm button disabled when the balance is short. */
export function UnlockDialog({ cost, balance, isOpen, onOpenChange, onConfirm, isPending, error }: UnlockDialogProps) {
  return (
    <ModalDialog title={THREAD_PAGE_TEXT.unlockTitle} isOpen={isOpen} onOpenChange={onOpenChange}>
      <p className={muted}>Unlock this thread's premium discussion with your coins. You pay once and keep access.</p>
      <CoinSummary cost={cost} balance={balance} />
      {error && (
        <div className={dangerNotice} role="alert">
          <span className={noticeTitle}>{THREAD_TEXT.unlockFailed}</span>
          <p>{error.message}</p>
        </div>
      )}
      <DialogActions>
        <Button variant="secondary" onPress={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button onPress={onConfirm} isDisabled={balance < cost || isPending}>
          <Unlock size={16} aria-hidden />
          {isPending ? 'Unlocking…' : `Unlock for ${cost} coins`}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
