import { api, type PremiumRequiredDetails, THREAD_PAGE_TEXT } from '@enclave/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShoppingCart } from 'lucide-react';
import { ApiError } from '../api/api-error.ts';
import { call } from '../api/client.ts';
import { Button } from '../components/button.tsx';
import { DialogActions } from '../components/dialog-actions.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { SESSION_QUERY_KEY, useSession } from '../session/use-session.ts';
import { toast } from '../stores/toast-store.ts';
import { CoinSummary } from './coin-summary.tsx';
import { muted } from './thread.css.ts';
import { refreshThread } from './thread-cache.ts';

interface PurchaseDialogProps {
  /** The premium thread on offer, as its 402 described it. */
  offer: PremiumRequiredDetails;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** Spec 001 §2 and §5: buy a premium thread with coins; the button is disabled when the balance is below the cost. */
export function PurchaseDialog({ offer, isOpen, onOpenChange }: PurchaseDialogProps) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const balance = user?.coinBalance ?? 0;
  const purchase = useMutation({
    mutationFn: () =>
      call(api.spendCoins, {
        body: { amount: offer.premiumCost, referenceId: offer.threadId, referenceType: 'thread' },
        silent: true,
      }),
    onSuccess: (reply) => {
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      refreshThread(queryClient, offer.threadId);
      onOpenChange(false);
      toast({ title: reply.message, description: offer.title });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: THREAD_PAGE_TEXT.purchaseFailed, description: error.message });
      // A changed price or a purchase made elsewhere: show the thread as it is now.
      if (error instanceof ApiError && error.status === 409) refreshThread(queryClient, offer.threadId);
    },
  });

  return (
    <ModalDialog title={THREAD_PAGE_TEXT.purchaseTitle} isOpen={isOpen} onOpenChange={onOpenChange}>
      <p className={muted}>
        Buy <strong>{offer.title}</strong>
        {offer.authorName && ` by ${offer.authorName}`} to read its content and replies.
      </p>
      <CoinSummary cost={offer.premiumCost} balance={balance} />
      <DialogActions>
        <Button variant="secondary" onPress={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button onPress={() => purchase.mutate()} isDisabled={balance < offer.premiumCost || purchase.isPending}>
          <ShoppingCart size={16} aria-hidden />
          {purchase.isPending ? 'Purchasing…' : 'Purchase'}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
