import { api, LIMITS, MESSAGE_TEXT } from '@enclave/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import type { FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { call } from '../api/client.ts';
import { FormActions } from '../components/form-actions.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { SelectField } from '../components/select-field.tsx';
import { TextField } from '../components/text-field.tsx';
import { MarkdownEditor } from '../editor/markdown-editor.tsx';
import { Form } from '../forms/form.tsx';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { type ComposeOrigin, closeCompose, useComposeStore } from '../stores/compose-store.ts';
import { toast } from '../stores/toast-store.ts';
import * as styles from './compose-dialog.css.ts';
import {
  ATTACHMENT_LABELS,
  ATTACHMENT_OPTIONS,
  attachmentErrors,
  type ComposeValues,
  composeSchema,
  sendBodyOf,
} from './compose-form.ts';
import { putMessage } from './message-cache.ts';
import { TypingLine } from './typing-line.tsx';
import { useTypingSignal } from './use-typing-signal.ts';

/** The new private message dialog; mounted once in the app shell and opened with `openCompose`. */
export function ComposeDialog() {
  const { isOpen, targetUsername, origin } = useComposeStore(
    useShallow((state) => ({ isOpen: state.isOpen, targetUsername: state.targetUsername, origin: state.origin })),
  );
  return (
    <ModalDialog title="New Message" isOpen={isOpen} onOpenChange={(open) => open || closeCompose()} size="lg">
      <ComposeForm targetUsername={targetUsername} origin={origin} />
    </ModalDialog>
  );
}

function ComposeForm({ targetUsername, origin }: { targetUsername: string; origin: ComposeOrigin }) {
  const queryClient = useQueryClient();
  const form = useSchemaForm<ComposeValues>(
    () => composeSchema(origin),
    { username: targetUsername, content: '', attachmentType: 'none', attachmentData: '' },
    attachmentErrors,
  );
  const send = useMutation({
    // The username is resolved first, so an unknown one reads 'User not found' (spec 001 §8).
    mutationFn: async (values: ComposeValues) => {
      const username = values.username.trim();
      const recipient = await call(api.searchUser, { params: { username }, silent: true });
      return call(api.sendMessage, { body: sendBodyOf(values, recipient.id), silent: true });
    },
    onSuccess: (message) => {
      putMessage(queryClient, 'sent', message);
      toast({ title: 'Message sent', description: `Your message to ${message._recipientUsername} was delivered.` });
      closeCompose();
    },
    onError: (error) => toast({ variant: 'destructive', title: MESSAGE_TEXT.sendFailed, description: error.message }),
  });

  useTypingSignal(form.values.username, form.values.content);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await form.validate()) send.mutate(form.values);
  };
  const { attachmentType } = form.values;

  return (
    <Form className={styles.form} onSubmit={submit}>
      <TextField
        label="Username"
        placeholder="Who is it for?"
        autoComplete="off"
        autoFocus={!targetUsername}
        maxLength={LIMITS.usernameMax}
        {...form.field('username')}
      />
      <MarkdownEditor
        label="Message"
        placeholder="Write your message"
        rows={6}
        autoFocus={Boolean(targetUsername)}
        maxLength={LIMITS.messageMax}
        description={`${form.values.content.length} / ${LIMITS.messageMax}`}
        {...form.field('content')}
        value={form.values.content}
      />
      <div className={styles.attachment}>
        <SelectField
          label="Attachment (optional)"
          options={ATTACHMENT_OPTIONS}
          value={attachmentType}
          onChange={(value) => form.field('attachmentType').onChange(value)}
        />
        {attachmentType !== 'none' && (
          <TextField
            label={ATTACHMENT_LABELS[attachmentType]}
            placeholder={attachmentType === 'link' ? 'https://' : 'The number of the thread'}
            inputMode={attachmentType === 'invite' ? 'numeric' : 'url'}
            maxLength={LIMITS.messageAttachmentMax}
            {...form.field('attachmentData')}
          />
        )}
      </div>
      <TypingLine only={{ username: form.values.username }} />
      <FormActions
        onCancel={closeCompose}
        icon={Send}
        submitLabel="Send Message"
        pendingLabel="Sending…"
        isPending={send.isPending}
      />
    </Form>
  );
}
