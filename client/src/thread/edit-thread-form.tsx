import { api, type Category, LIMITS, THREAD_PAGE_TEXT, type Thread } from '@enclave/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Save } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useRef } from 'react';
import { call } from '../api/client.ts';
import { FormActions } from '../components/form-actions.tsx';
import { SelectField } from '../components/select-field.tsx';
import { TextField } from '../components/text-field.tsx';
import { MarkdownField } from '../editor/markdown-field.tsx';
import { Form } from '../forms/form.tsx';
import { useCheckedForm } from '../forms/use-checked-form.ts';
import { refreshForumLists } from '../forum/forum-queries.ts';
import type { ChosenMember } from '../forum/member-picker.tsx';
import { pair } from '../forum/thread-settings.css.ts';
import { withChange } from '../forum/thread-settings.ts';
import { useFirstScreenDone } from '../layout/first-screen.ts';
import { toast } from '../stores/toast-store.ts';
import * as styles from './edit-thread-form.css.ts';
import { Section, SettingsPending } from './edit-thread-settings-frame.tsx';
import { type EditThreadValues, editBodyOf, editThreadErrors, valuesOf } from './edit-thread-values.ts';
import { threadKey } from './thread-queries.ts';

const EditThreadSettings = lazy(() =>
  import('./edit-thread-settings.tsx').then((module) => ({ default: module.EditThreadSettings })),
);

interface EditThreadFormProps {
  thread: Thread;
  /** The members a private thread names, by name. */
  members: ChosenMember[];
  /** Null while the categories load: the thread's own category is the only choice until then. */
  categories: Category[] | null;
}

/** Spec 001 §2 and §5: the admin's edit form, checked with the spec's texts before it is sent. */
export function EditThreadForm({ thread, members, categories }: EditThreadFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const hasSister = thread.sisterThreadId !== null;
  const {
    values,
    errors,
    change: set,
    validate,
  } = useCheckedForm(
    () => valuesOf(thread, members),
    (next: EditThreadValues) => editThreadErrors(next, hasSister),
    withChange,
  );
  const formRef = useRef<HTMLFormElement>(null);
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (validate()) save.mutate(values);
    // The first refused field may be far down a long form: bring it into view.
    else requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const categoryOptions = (categories ?? (thread.category ? [thread.category] : [])).map((category) => ({
    value: category.id,
    label: category.name,
  }));
  const settings = { values, errors, change: set, layout: 'page' } as const;
  const isFirstScreenDone = useFirstScreenDone();

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
        <MarkdownField
          label="Content"
          rows={8}
          value={values.content}
          onChange={(content) => set({ content })}
          error={errors.content}
        />
        <div className={pair.page}>
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
      {/* The settings' code (switches, number fields, the member picker, some 70 KB) loads once the first screen is
          there (they are below it on a phone); meanwhile their sections show their headings. Asked for as the page
          rendered, it came before the page's largest paint, which Lighthouse's simulation then counted it into. */}
      {isFirstScreenDone ? (
        <Suspense fallback={<SettingsPending />}>
          <EditThreadSettings settings={settings} hasSister={hasSister} authorId={thread.authorId} />
        </Suspense>
      ) : (
        <SettingsPending />
      )}
      <FormActions
        onCancel={toThread}
        icon={Save}
        submitLabel="Save Changes"
        pendingLabel="Saving…"
        isPending={save.isPending}
      />
    </Form>
  );
}
