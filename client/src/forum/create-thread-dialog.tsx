import { AUTH_TEXT, api, type CreateThreadBody, FORUM_PAGE_TEXT, LIMITS, THREAD_TEXT } from '@enclave/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { LogIn, Send } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Form } from 'react-aria-components';
import { useShallow } from 'zustand/react/shallow';
import { ApiError } from '../api/api-error.ts';
import { call } from '../api/client.ts';
import { Button, LinkButton } from '../components/button.tsx';
import { DialogActions, ModalDialog } from '../components/modal-dialog.tsx';
import { NumberField } from '../components/number-field.tsx';
import { SelectField } from '../components/select-field.tsx';
import { SwitchField } from '../components/switch-field.tsx';
import { TextField } from '../components/text-field.tsx';
import { hasErrors } from '../forms/schema-errors.ts';
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
  UNLOCKABLE_TYPE_OPTIONS,
  withChange,
} from './thread-form.ts';

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
        <LinkButton to="/auth" onPress={closeCreateThread}>
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
  const [values, setValues] = useState(() => initialThreadForm(categoryId, user));
  const [tags, setTags] = useState<string[]>([]);
  const [errors, setErrors] = useState<ThreadFormErrors>({});
  const [isSubmitted, setSubmitted] = useState(false);
  const create = useCreateThread();

  // Errors appear on submit and then follow every edit.
  const change = (patch: Partial<ThreadFormValues>) => {
    const next = withChange(values, patch);
    setValues(next);
    if (isSubmitted) setErrors(threadFormErrors(next, tags));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = threadFormErrors(values, tags);
    setSubmitted(true);
    setErrors(found);
    if (!hasErrors(found)) create.mutate(threadBodyOf(values, tags));
  };

  const categoryOptions = (categories.data ?? []).map((category) => ({ value: category.id, label: category.name }));

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
      <TextField
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
        <SwitchField
          label="Premium Thread"
          description="Members pay coins once to read the content and replies."
          isSelected={values.isPremium}
          onChange={(isPremium) => change({ isPremium })}
        />
        {values.isPremium && (
          <Reveal>
            <CostField
              label="Premium cost (coins)"
              value={values.premiumCost}
              onChange={(premiumCost) => change({ premiumCost })}
              error={errors.premiumCost}
            />
          </Reveal>
        )}
        <SwitchField
          label="Private Thread"
          description="Only you and the moderators can see it."
          isSelected={values.isPrivate}
          onChange={(isPrivate) => change({ isPrivate })}
        />
        <SwitchField
          label={FORUM_PAGE_TEXT.premiumDiscussion}
          description="A separate discussion or resource that members unlock with coins."
          isSelected={values.hasUnlockableContent}
          onChange={(hasUnlockableContent) => change({ hasUnlockableContent })}
        />
        {values.hasUnlockableContent && <UnlockableFields values={values} errors={errors} change={change} />}
        <SwitchField
          label="Group Buy"
          description="Members share the cost; everyone who contributes gets access once every place is taken."
          isSelected={values.isGroupBuy}
          onChange={(isGroupBuy) => change({ isGroupBuy })}
        />
        {values.isGroupBuy && (
          <Reveal>
            <div className={styles.pair}>
              <NumberField
                label="Participants required"
                minValue={LIMITS.groupBuyParticipantsMin}
                maxValue={LIMITS.groupBuyParticipantsMax}
                value={values.groupBuyParticipantsRequired}
                onChange={(groupBuyParticipantsRequired) => change({ groupBuyParticipantsRequired })}
                error={errors.groupBuyParticipantsRequired}
              />
              <CostField
                label="Contribution per member (coins)"
                value={values.groupBuyContributionAmount}
                onChange={(groupBuyContributionAmount) => change({ groupBuyContributionAmount })}
                error={errors.groupBuyContributionAmount}
              />
            </div>
          </Reveal>
        )}
      </div>

      <DialogActions>
        <Button variant="secondary" onPress={closeCreateThread}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={create.isPending}>
          <Send size={16} aria-hidden />
          {create.isPending ? 'Creating…' : 'Create Thread'}
        </Button>
      </DialogActions>
    </Form>
  );
}

interface UnlockableFieldsProps {
  values: ThreadFormValues;
  errors: ThreadFormErrors;
  change: (patch: Partial<ThreadFormValues>) => void;
}

const UNLOCKABLE_CONTENT_LABELS = {
  download_link: 'Download link',
  text_content: 'Content',
  premium_thread: 'Discussion content',
} as const;

function UnlockableFields({ values, errors, change }: UnlockableFieldsProps) {
  const isPremiumThread = values.unlockableType === 'premium_thread';
  return (
    <Reveal>
      <div className={styles.pair}>
        <CostField
          label="Unlock cost (coins)"
          value={values.unlockableCost}
          onChange={(unlockableCost) => change({ unlockableCost })}
          error={errors.unlockableCost}
        />
        <SelectField
          label="Type"
          options={UNLOCKABLE_TYPE_OPTIONS}
          value={values.unlockableType}
          onChange={(unlockableType) => change({ unlockableType })}
        />
      </div>
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
    </Reveal>
  );
}

function Reveal({ children }: { children: ReactNode }) {
  return <div className={styles.reveal}>{children}</div>;
}

interface CostFieldProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  error?: string;
}

/** Spec 000 §5: every cost input has a minimum of 1. */
function CostField(props: CostFieldProps) {
  return <NumberField minValue={1} maxValue={LIMITS.costMax} {...props} />;
}
