import type { LucideIcon } from 'lucide-react';
import { Button } from './button.tsx';
import { DialogActions } from './dialog-actions.tsx';

interface FormActionsProps {
  onCancel: () => void;
  /** The submit button's text, and what it says while the form is being sent. */
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  icon?: LucideIcon;
  variant?: 'primary' | 'destructive';
  /** Disabled for a reason other than sending, such as a required input left empty. */
  isDisabled?: boolean;
}

/** A form's Cancel and submit buttons, on the right; the submit button waits while the form is sent. */
export function FormActions({
  onCancel,
  submitLabel,
  pendingLabel,
  isPending,
  icon: Icon,
  variant,
  isDisabled,
}: FormActionsProps) {
  return (
    <DialogActions>
      <Button variant="secondary" onPress={onCancel}>
        Cancel
      </Button>
      <Button type="submit" variant={variant} isDisabled={isPending || isDisabled}>
        {Icon && <Icon size={16} aria-hidden />}
        {isPending ? pendingLabel : submitLabel}
      </Button>
    </DialogActions>
  );
}
