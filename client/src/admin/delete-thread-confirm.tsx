import { api, THREAD_PAGE_TEXT, type Thread } from '@enclave/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client.ts';
import { Button } from '../components/button.tsx';
import { DialogActions } from '../components/dialog-actions.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { refreshForumLists } from '../forum/forum-queries.ts';
import { toast } from '../stores/toast-store.ts';
import * as styles from './admin.css.ts';
import { dropThread, MODERATION_LOG_KEY } from './admin-cache.ts';

/** Deletes a thread (and its premium sister) for good, after a confirmation; `errorTitle` is the tab's failure text. */
export function DeleteThreadConfirm({
  thread,
  errorTitle,
  onClose,
}: {
  thread: Thread;
  errorTitle: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const deletion = useMutation({
    mutationFn: () => call(api.deleteThread, { params: { id: thread.id }, errorTitle }),
    onSuccess: ({ deletedThreadInfo }) => {
      dropThread(queryClient, deletedThreadInfo.id);
      if (deletedThreadInfo.sisterThreadId !== null) dropThread(queryClient, deletedThreadInfo.sisterThreadId);
      refreshForumLists(queryClient);
      void queryClient.invalidateQueries({ queryKey: MODERATION_LOG_KEY });
      toast({ title: THREAD_PAGE_TEXT.deleted, description: THREAD_PAGE_TEXT.deletedText(deletedThreadInfo.title) });
    },
    onSettled: onClose,
  });

  return (
    <ModalDialog title={THREAD_PAGE_TEXT.deleteTitle} isOpen isAlert onOpenChange={(open) => !open && onClose()}>
      <p className={styles.muted}>{THREAD_PAGE_TEXT.deleteConfirm(thread.title)}</p>
      <DialogActions>
        <Button variant="secondary" onPress={onClose}>
          Cancel
        </Button>
        <Button variant="destructive" isDisabled={deletion.isPending} onPress={() => deletion.mutate()}>
          {deletion.isPending ? 'Deleting…' : THREAD_PAGE_TEXT.deleteTitle}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
