import { api, FORUM_TEXT, LIMITS, type PremiumRequiredDetails, THREAD_PAGE_TEXT } from '@enclave/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { call } from '../api/client.ts';
import { Button } from '../components/button.tsx';
import { appendEdit } from '../editor/markdown-actions.ts';
import type { EditorHandle } from '../editor/markdown-editor.tsx';
import { MarkdownField } from '../editor/markdown-field.tsx';
import { Form } from '../forms/form.tsx';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { replyRequestDone, useReplyDraftStore } from '../stores/reply-draft-store.ts';
import { toast } from '../stores/toast-store.ts';
import { premiumRequiredOf } from './premium-required.ts';
import { PurchaseDialog } from './purchase-dialog.tsx';
import * as styles from './replies.css.ts';
import { putReply } from './thread-cache.ts';

const tooLong = ({ content }: { content: string }) =>
  content.length > LIMITS.replyMax ? { content: FORUM_TEXT.replyMax(LIMITS.replyMax) } : {};

/** A member's reply: content required and within the limit; a 402 opens the purchase dialog instead. */
export function ReplyEditor({ threadId }: { threadId: number }) {
  const queryClient = useQueryClient();
  const form = useSchemaForm((loaded) => loaded.ReplyBody, { content: '' }, tooLong);
  // A 402 means the thread must be bought first: the purchase dialog opens instead of an error.
  const [offer, setOffer] = useState<PremiumRequiredDetails | null>(null);
  const post = useMutation({
    mutationFn: (content: string) => call(api.reply, { params: { id: threadId }, body: { content }, silent: true }),
    onSuccess: (reply) => {
      putReply(queryClient, threadId, reply);
      form.reset();
    },
    onError: (error) => {
      const premium = premiumRequiredOf(error);
      if (premium) setOffer(premium);
      else toast({ variant: 'destructive', title: THREAD_PAGE_TEXT.replyFailed, description: error.message });
    },
  });

  const editor = useReplyRequests(threadId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await form.validate()) post.mutate(form.values.content);
  };

  return (
    <>
      <Form className={styles.form} onSubmit={submit} aria-label={THREAD_PAGE_TEXT.leaveReply}>
        <MarkdownField
          label="Your reply"
          rows={4}
          placeholder="Write your reply"
          {...form.field('content')}
          isWanted={editor.isWanted}
          ref={editor.ref}
        />
        <div className={styles.formActions}>
          <Button type="submit" isDisabled={post.isPending}>
            <Send size={16} aria-hidden />
            {post.isPending ? 'Posting…' : 'Post Reply'}
          </Button>
        </div>
      </Form>
      {offer && <PurchaseDialog offer={offer} isOpen onOpenChange={(open) => open || setOffer(null)} />}
    </>
  );
}

/**
 * The Reply and Quote of the replies list (stores/reply-draft-store.ts): a request loads the editor if need be, then
 * its text is added to the draft as typing would (undo takes it back), and the editor is focused and brought into view.
 */
function useReplyRequests(threadId: number) {
  const request = useReplyDraftStore((state) => (state.request?.threadId === threadId ? state.request : null));
  const [handle, setHandle] = useState<EditorHandle | null>(null);
  useEffect(() => {
    if (!request || !handle) return;
    handle.edit((value) => appendEdit(value, request.text, request.isBlock));
    document.activeElement?.scrollIntoView({ block: 'center' });
    replyRequestDone(request.id);
  }, [request, handle]);
  return { isWanted: request !== null, ref: setHandle };
}
