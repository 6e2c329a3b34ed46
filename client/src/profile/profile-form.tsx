import { api, type CurrentUser, LIMITS, PROFILE_TEXT, type UpdateProfileBody } from '@enclave/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { call } from '../api/client.ts';
import { Button } from '../components/button.tsx';
import { CardHeading } from '../components/card-heading.tsx';
import { TextField } from '../components/text-field.tsx';
import { Form } from '../forms/form.tsx';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { SESSION_QUERY_KEY } from '../session/use-session.ts';
import { toast } from '../stores/toast-store.ts';
import * as styles from './profile.css.ts';

/** Spec 001 §5: username at least 3 characters, bio at most 500; refusals toast 'Update Failed'. */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const form = useSchemaForm((loaded) => loaded.UpdateProfileBody, { username: user.username, bio: user.bio ?? '' });
  const save = useMutation({
    mutationFn: (body: UpdateProfileBody) => call(api.updateProfile, { body, silent: true }),
    onSuccess: (updated) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, updated);
      toast({ title: PROFILE_TEXT.profileUpdated });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: PROFILE_TEXT.updateFailed,
        description: error.message || PROFILE_TEXT.profileFailed,
      }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await form.validate()) save.mutate(form.values);
  };

  return (
    <section className={styles.card} aria-labelledby="profile-details-title">
      <CardHeading as="header" id="profile-details-title" title="Profile Details">
        How other members see you.
      </CardHeading>
      <Form className={styles.form} onSubmit={submit}>
        <TextField label="Username" autoComplete="username" {...form.field('username')} />
        <TextField
          label="Bio"
          rows={4}
          placeholder="Tell other members about yourself"
          description={`${form.values.bio.length}/${LIMITS.bioMax}`}
          {...form.field('bio')}
        />
        <div className={styles.formActions}>
          <Button type="submit" isDisabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save Changes'}
          </Button>
        </div>
      </Form>
    </section>
  );
}
