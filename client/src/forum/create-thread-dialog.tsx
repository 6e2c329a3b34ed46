import { AUTH_TEXT, api, type CreateThreadBody, FORUM_PAGE_TEXT, LIMITS, THREAD_TEXT } from '@enclave/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { LogIn, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ApiError } from '../api/api-error.ts';
import { call } from '../api/client.ts';
import { Button, LinkButton } from '../components/button.tsx';
import { DialogActions } from '../components/dialog-actions.tsx';
import { FormActions } from '../components/form-actions.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { NumberField } from '../components/number-field.tsx';
import { SelectField } from '../components/select-field.tsx';
import { TextField } from '../components/text-field.tsx';
import { MarkdownEditor } from '../editor/markdown-editor.tsx';
import { Form } from '../forms/form.tsx';
import { useCheckedForm } from '../forms/use-checked-form.ts';
import { useSession } from '../session/use-session.ts';
import { closeCreateThread, useCreateThreadStore } from '../stores/create-thread-store.ts';
import { toast } from '../stores/toast-store.ts';
import * as styles from './create-thread-dialog.css.ts';
import { refreshForumLists, useCategories } from './forum-queries.ts';
import { TagInput } from './tag-input.tsx';
import {
  initialThreadForm,
  type ThreadFormErrors,
  type ThreadFormValues,
  threadBodyOf,
  threadFormErrors,
} from './thread-form.ts';
import { withChange } from './thread-settings.ts';
import {
  GroupBuySetting,
  PremiumDiscussionSetting,
  PremiumSetting,
  PrivateSetting,
} from './thread-settings-fields.tsx';

/** Spec 000 §2: the Create New Thread dialog; mounted once in the app shell and opened with `openCreateThread`. */
export function CreateThreadDialog() {
  const { isOpen, categoryId } = useCreateThreadStore(
    useShallow((state) => ({ isOpen: state.isOpen, categoryId: state.categoryId })),
  );
  const { user } = useSession();
  return (
    <ModalDialog
      title={FORUM_PAGE_TEXT.createThreadTitle}
      isOpen={isOpen}
      onOpenChange={(open) => open || closeCreateThread()}
      size="lg"
    >
      {user ? <CreateThreadForm categoryId={categoryId} /> : <LoginRequired />}
    </ModalDialog>
  );
}

/** Spec 000 §5: creating a thread requires login. */
function LoginRequired() {
  return (
    <div className={styles.notice}>
      <p>{AUTH_TEXT.mustBeLoggedInToCreate}</p>
      <DialogActions>
        <Button variant="secondary" onPress={closeCreateThread}>
          Cancel
        </Button>
        <LinkButton to="/auth" onClick={closeCreateThread}>
          <LogIn size={16} aria-hidden />
          Login
        </LinkButton>
      </DialogActions>
    </div>
  );
}

/** On success the dialog closes, which drops the form and its tags: the next opening starts from the defaults. */
function useCreateThread() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: (body: CreateThreadBody) => call(api.createThread, { body, silent: true }),
    onSuccess: (thread) => {
      refreshForumLists(queryClient);
      closeCreateThread();
      if (!thread.isApproved) {
        toast({ title: FORUM_PAGE_TEXT.pendingCreatedTitle, description: FORUM_PAGE_TEXT.pendingCreated });
      }
      void router.navigate({ to: '/thread/$id', params: { id: String(thread.id) } });
    },
    onError: (error) =>
      error instanceof ApiError && error.status === 401
        ? toast({
            variant: 'destructive',
            title: AUTH_TEXT.authenticationRequired,
            description: AUTH_TEXT.mustBeLoggedInToCreate,
          })
        : toast({ variant: 'destructive', title: THREAD_TEXT.createFailed, description: error.message }),
  });
}

function CreateThreadForm({ categoryId }: { categoryId: number | null }) {
  const { user } = useSession();
  const categories = useCategories();
  const [tags, setTags] = useState<string[]>([]);
  const { values, errors, change, validate } = useCheckedForm(
    () => initialThreadForm(categoryId, user),
    (next: ThreadFormValues) => threadFormErrors(next, tags),
    withChange,
  );
  const create = useCreateThread();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (validate()) create.mutate(threadBodyOf(values, tags));
  };

  const categoryOptions = (categories.data ?? []).map((category) => ({ value: category.id, label: category.name }));
  const settings = { values, errors, change, layout: 'dialog' } as const;

  return (
    <Form className={styles.form} onSubmit={submit} aria-label={FORUM_PAGE_TEXT.createThreadTitle}>
      <TextField
        label="Title"
        placeholder="What is it about?"
        autoFocus
        maxLength={LIMITS.threadTitleMax}
        value={values.title}
        onChange={(title) => change({ title })}
        error={errors.title}
      />
      <MarkdownEditor
        label="Content"
        placeholder="Share the details"
        rows={6}
        maxLength={LIMITS.threadContentMax}
        value={values.content}
        onChange={(content) => change({ content })}
        error={errors.content}
      />
      <SelectField
        label="Category"
        options={categoryOptions}
        value={values.categoryId}
        onChange={(id) => change({ categoryId: id })}
      />
      <TagInput tags={tags} onChange={setTags} />

      <h3 className={styles.sectionTitle}>Access and payments</h3>
      <div className={styles.options}>
        <PremiumSetting
          {...settings}
          label="Premium Thread"
          description="Members pay coins once to read the content and replies."
        />
        <PrivateSetting
          {...settings}
          label="Private Thread"
          description={FORUM_PAGE_TEXT.privateHelp}
          authorId={user?.id}
        />
        <PremiumDiscussionSetting
          {...settings}
          description="A separate discussion or resource that members unlock with coins."
        >
          <UnlockableContentFields values={values} errors={errors} change={change} />
        </PremiumDiscussionSetting>
        <GroupBuySetting
          {...settings}
          label="Group Buy"
          description="Members share the cost; everyone who contributes gets the content below once every place is taken."
        >
          <NumberField
            label={FORUM_PAGE_TEXT.groupBuyDays}
            description={FORUM_PAGE_TEXT.groupBuyDaysHelp}
            value={values.groupBuyDays}
            onChange={(groupBuyDays) => change({ groupBuyDays })}
            error={errors.groupBuyDays}
          />
        </GroupBuySetting>
      </div>

      <FormActions
        onCancel={closeCreateThread}
        icon={Send}
        submitLabel="Create Thread"
        pendingLabel="Creating…"
        isPending={create.isPending}
      />
    </Form>
  );
}

interface UnlockableContentFieldsProps {
  values: ThreadFormValues;
  errors: ThreadFormErrors;
  change: (patch: Partial<ThreadFormValues>) => void;
}

const UNLOCKABLE_CONTENT_LABELS = {
  download_link: 'Download link',
  text_content: 'Content',
  premium_thread: 'Discussion content',
} as const;

/** What members unlock, labelled by its type, and for a premium thread the sister thread's content. */
function UnlockableContentFields({ values, errors, change }: UnlockableContentFieldsProps) {
  const isPremiumThread = values.unlockableType === 'premium_thread';
  return (
    <>
      <TextField
        label={UNLOCKABLE_CONTENT_LABELS[values.unlockableType]}
        placeholder={values.unlockableType === 'download_link' ? 'https://' : 'What members get when they unlock'}
        rows={values.unlockableType === 'download_link' ? undefined : 4}
        maxLength={LIMITS.threadContentMax}
        value={values.unlockableContent}
        onChange={(unlockableContent) => change({ unlockableContent })}
        error={errors.unlockableContent}
      />
      {isPremiumThread && (
        <TextField
          label="Sister thread content (optional)"
          description="The premium sister thread members are sent to after unlocking; without it, the discussion content is used."
          rows={4}
          maxLength={LIMITS.threadContentMax}
          value={values.sisterContent}
          onChange={(sisterContent) => change({ sisterContent })}
        />
      )}
    </>
  );
}
