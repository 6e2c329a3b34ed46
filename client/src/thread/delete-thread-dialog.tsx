import { api, THREAD_PAGE_TEXT, type Thread } from '@enclave/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import { call } from '../api/client.ts';
import { Button } from '../components/button.tsx';
import { DialogActions } from '../components/dialog-actions.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { refreshForumLists } from '../forum/forum-queries.ts';
import { toast } from '../stores/toast-store.ts';
import { muted } from './thread.css.ts';
import { threadKey } from './thread-queries.ts';

interface DeleteThreadDialogProps {
  thread: Pick<Thread, 'id' | 'title' | 'sisterThreadId'>;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** Spec 001 §4: deletion is permanent and removes the premium sister content too; then home. */
export function DeleteThreadDialog({ thread, isOpen, onOpenChange }: DeleteThreadDialogProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => call(api.deleteThread, { params: { id: thread.id }, silent: true }),
    onSuccess: async (reply) => {
      const { deletedThreadInfo } = reply;
      onOpenChange(false);
      toast({ title: THREAD_PAGE_TEXT.deleted, description: THREAD_PAGE_TEXT.deletedText(deletedThreadInfo.title) });
      await navigate({ to: '/' });
      for (const id of [deletedThreadInfo.id, deletedThreadInfo.sisterThreadId]) {
        if (id !== null) queryClient.removeQueries({ queryKey: threadKey(id) });
      }
      refreshForumLists(queryClient);
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: THREAD_PAGE_TEXT.deleteFailed, description: error.message }),
  });

  return (
    <ModalDialog title={THREAD_PAGE_TEXT.deleteTitle} isOpen={isOpen} onOpenChange={onOpenChange} isAlert>
      <p className={muted}>{THREAD_PAGE_TEXT.deleteConfirm(thread.title)}</p>
      <DialogActions>
        <Button variant="secondary" onPress={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button variant="destructive" onPress={() => remove.mutate()} isDisabled={remove.isPending}>
          <Trash2 size={16} aria-hidden />
          {remove.isPending ? 'Deleting…' : THREAD_PAGE_TEXT.deleteTitle}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
