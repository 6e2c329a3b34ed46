import { ADMIN_TEXT, api, CONSOLE_TEXT, MODERATION_REASON_MAX, type Thread } from '@enclave/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api/client.ts';
import { Button } from '../components/button.tsx';
import { DialogActions } from '../components/dialog-actions.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { TextField } from '../components/text-field.tsx';
import { toast } from '../stores/toast-store.ts';
import { refreshThread } from '../thread/thread-cache.ts';
import * as styles from './admin.css.ts';
import { MODERATION_LOG_KEY, markGroupBuyCancelled } from './admin-cache.ts';

/** Staff cancel an open group buy, with the reason the moderation log keeps; every contribution goes back. */
export function CancelGroupBuyDialog({ thread, onClose }: { thread: Thread; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const hasReason = reason.trim() !== '';
  const cancellation = useMutation({
    mutationFn: () =>
      call(api.cancelGroupBuy, {
        params: { id: thread.id },
        body: { reason: reason.trim() },
        errorTitle: CONSOLE_TEXT.cancelGroupBuyFailed,
      }),
    onSuccess: (reply) => {
      markGroupBuyCancelled(queryClient, thread.id);
      refreshThread(queryClient, thread.id);
      void queryClient.invalidateQueries({ queryKey: MODERATION_LOG_KEY });
      toast({ title: reply.message });
    },
    onSettled: onClose,
  });

  return (
    <ModalDialog
      title={CONSOLE_TEXT.cancelGroupBuyTitle(thread.title)}
      isOpen
      isAlert
      onOpenChange={(open) => !open && onClose()}
    >
      <p className={styles.muted}>{CONSOLE_TEXT.cancelGroupBuyText}</p>
      {/* Required, and said so before anything is pressed: the confirm waits for a reason. */}
      <TextField
        label={CONSOLE_TEXT.cancelGroupBuyReason}
        description={ADMIN_TEXT.reasonRequired}
        isRequired
        rows={3}
        maxLength={MODERATION_REASON_MAX}
        value={reason}
        onChange={setReason}
      />
      <DialogActions>
        <Button variant="secondary" onPress={onClose}>
          {CONSOLE_TEXT.keepGroupBuy}
        </Button>
        <Button
          variant="destructive"
          isDisabled={!hasReason || cancellation.isPending}
          onPress={() => cancellation.mutate()}
        >
          {cancellation.isPending ? 'Cancelling…' : CONSOLE_TEXT.cancelGroupBuy}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
