import { Button } from './button.tsx';
import { muted } from './card.css.ts';
import { DialogActions } from './dialog-actions.tsx';
import { ModalDialog } from './modal-dialog.tsx';

interface ConfirmDialogProps {
  title: string;
  /** What will happen, in a sentence. */
  text: string;
  confirmLabel: string;
  pendingLabel: string;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before something that cannot be taken back; the backdrop does not close it. */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  pendingLabel,
  isPending,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <ModalDialog title={title} isOpen isAlert onOpenChange={(open) => !open && onClose()}>
      <p className={muted}>{text}</p>
      <DialogActions>
        <Button variant="secondary" onPress={onClose}>
          Cancel
        </Button>
        <Button variant="destructive" isDisabled={isPending} onPress={onConfirm}>
          {isPending ? pendingLabel : confirmLabel}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
