import {
  api,
  type Category,
  FORUM_PAGE_TEXT,
  LIMITS,
  THREAD_PAGE_TEXT,
  type Thread,
  UNLOCKABLE_TYPES,
  type UnlockableType,
} from '@enclave/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Save } from 'lucide-react';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { call } from '../api/client.ts';
import { Button } from '../components/button.tsx';
import { NumberField } from '../components/number-field.tsx';
import { SelectField } from '../components/select-field.tsx';
import { SwitchField } from '../components/switch-field.tsx';
import { TextField } from '../components/text-field.tsx';
import { hasErrors } from '../forms/schema-errors.ts';
import { refreshForumLists } from '../forum/forum-queries.ts';
import { toast } from '../stores/toast-store.ts';
import * as styles from './edit-thread-form.css.ts';
import {
  type EditThreadErrors,
  type EditThreadValues,
  editBodyOf,
  editThreadErrors,
  valuesOf,
} from './edit-thread-values.ts';
import { threadKey } from './thread-queries.ts';

const UNLOCKABLE_LABELS: Record<UnlockableType, string> = {
  download_link: 'Download link',
  text_content: 'Text content',
  premium_thread: 'Premium thread',
};
const UNLOCKABLE_OPTIONS = UNLOCKABLE_TYPES.map((value) => ({ value, label: UNLOCKABLE_LABELS[value] }));

interface EditThreadFormProps {
  thread: Thread;
  /** Null while the categories load: the thread's own category is the only choice until then. */
  categories: Category[] | null;
}

/** Spec 001 §2 and §5: the admin's edit form, checked with the spec's texts before it is sent. */
export function EditThreadForm({ thread, categories }: EditThreadFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [values, setValues] = useState(() => valuesOf(thread));
  const [errors, setErrors] = useState<EditThreadErrors>({});
  const [isSubmitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const hasSister = thread.sisterThreadId !== null;
  const toThread = () => navigate({ to: '/thread/$id', params: { id: String(thread.id) } });

  const save = useMutation({
    mutationFn: (form: EditThreadValues) =>
      call(api.editThread, { params: { id: thread.id }, body: editBodyOf(form), silent: true }),
    onSuccess: async (updated) => {
      queryClient.setQueryData(threadKey(thread.id), updated);
      refreshForumLists(queryClient);
      toast({ title: THREAD_PAGE_TEXT.updated, description: updated.title });
      await toThread();
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: THREAD_PAGE_TEXT.updateFailed, description: error.message }),
  });

  const set = (changes: Partial<EditThreadValues>) => {
    const next = { ...values, ...changes };
    setValues(next);
    if (isSubmitted) setErrors(editThreadErrors(next, hasSister));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = editThreadErrors(values, hasSister);
    setSubmitted(true);
    setErrors(found);
    if (!hasErrors(found)) save.mutate(values);
    // The first refused field may be far down a long form: bring it into view.
    else requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const categoryOptions = (categories ?? (thread.category ? [thread.category] : [])).map((category) => ({
    value: category.id,
    label: category.name,
  }));

  return (
    <Form ref={formRef} className={styles.form} onSubmit={submit} aria-label="Edit thread">
      <Section title="Basic Information">
        <TextField
          label="Title"
          value={values.title}
          onChange={(title) => set({ title })}
          error={errors.title}
          maxLength={LIMITS.threadTitleMax}
        />
        <TextField
          label="Content"
          rows={8}
          value={values.content}
          onChange={(content) => set({ content })}
          error={errors.content}
        />
        <div className={styles.pair}>
          <SelectField
            label="Category"
            options={categoryOptions}
            value={values.categoryId}
            onChange={(categoryId) => set({ categoryId })}
            isDisabled={categories === null}
          />
          <TextField
            label="Tags"
            description="Separate tags with commas"
            placeholder="privacy, tools"
            value={values.tags}
            onChange={(tags) => set({ tags })}
            error={errors.tags}
          />
        </div>
      </Section>
      <Section title="Access Settings">
        <SwitchField
          label="Premium"
          description="Members buy the thread once to read its content and replies."
          isSelected={values.isPremium}
          onChange={(isPremium) => set({ isPremium })}
        />
        {values.isPremium && (
          <NumberField
            label="Premium cost (coins)"
            minValue={1}
            value={values.premiumCost}
            onChange={(premiumCost) => set({ premiumCost })}
            error={errors.premiumCost}
          />
        )}
        <SwitchField
          label="Private"
          description="Only the author, the members it was shared with and staff can see it."
          isSelected={values.isPrivate}
          onChange={(isPrivate) => set({ isPrivate })}
        />
      </Section>
      <Section title="Premium Discussion Settings">
        <SwitchField
          label={FORUM_PAGE_TEXT.premiumDiscussion}
          description="Content members unlock with coins. A thread cannot also be a group buy."
          isSelected={values.hasUnlockableContent}
          onChange={(on) => set({ hasUnlockableContent: on, ...(on && { isGroupBuy: false }) })}
        />
        {values.hasUnlockableContent && (
          <>
            <div className={styles.pair}>
              <NumberField
                label="Unlock cost (coins)"
                minValue={1}
                value={values.unlockableCost}
                onChange={(unlockableCost) => set({ unlockableCost })}
                error={errors.unlockableCost}
              />
              <SelectField
                label="Content type"
                options={UNLOCKABLE_OPTIONS}
                value={values.unlockableType}
                onChange={(unlockableType) => set({ unlockableType })}
              />
            </div>
            <TextField
              label="Premium discussion content"
              rows={4}
              description={
                values.unlockableType === 'premium_thread' && hasSister
                  ? 'The premium discussion itself lives in its sister thread.'
                  : undefined
              }
              value={values.unlockableContent}
              onChange={(unlockableContent) => set({ unlockableContent })}
              error={errors.unlockableContent}
            />
          </>
        )}
      </Section>
      <Section title="Group Buy Settings">
        <SwitchField
          label="Group buy"
          description="Participants each contribute coins; the content unlocks when every place is taken."
          isSelected={values.isGroupBuy}
          onChange={(on) => set({ isGroupBuy: on, ...(on && { hasUnlockableContent: false }) })}
        />
        {values.isGroupBuy && (
          <div className={styles.pair}>
            <NumberField
              label="Participants required"
              minValue={LIMITS.groupBuyParticipantsMin}
              maxValue={LIMITS.groupBuyParticipantsMax}
              value={values.groupBuyParticipantsRequired}
              onChange={(groupBuyParticipantsRequired) => set({ groupBuyParticipantsRequired })}
              error={errors.groupBuyParticipantsRequired}
            />
            <NumberField
              label="Contribution per participant (coins)"
              minValue={1}
              value={values.groupBuyContributionAmount}
              onChange={(groupBuyContributionAmount) => set({ groupBuyContributionAmount })}
              error={errors.groupBuyContributionAmount}
            />
          </div>
        )}
      </Section>
      <div className={styles.footer}>
        <Button variant="secondary" onPress={toThread}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={save.isPending}>
          <Save size={16} aria-hidden />
          {save.isPending ? 'Saving…' : 'Save Changes'}
        </Button>
      </div>
    </Form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `edit-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
