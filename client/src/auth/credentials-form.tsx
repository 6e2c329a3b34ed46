import type { FormEvent } from 'react';
import { Button } from '../components/button.tsx';
import { TextField } from '../components/text-field.tsx';
import { Form } from '../forms/form.tsx';
import type { SchemaForm } from '../forms/use-schema-form.ts';
import * as styles from './auth-forms.css.ts';

/** The toast topic of login and registration failures: either one succeeding answers them all. */
export const SIGN_IN_TOPIC = 'sign-in';

/** One input of a sign-in form: the value it holds, and how it is labelled and filled in. */
export interface CredentialField<Name extends string> {
  name: Name;
  label: string;
  type?: 'email' | 'password';
  autoComplete: string;
  placeholder: string;
}

interface CredentialsFormProps<Values extends Record<string, string>> {
  /** The form's accessible name. */
  label: string;
  form: SchemaForm<Values>;
  fields: readonly CredentialField<keyof Values & string>[];
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  /** Called with the values once they pass the form's checks. */
  onValid: (values: Values) => void;
}

/** The Login and Register tabs' forms: labelled inputs checked with the spec's texts, then one large button. */
export function CredentialsForm<Values extends Record<string, string>>({
  label,
  form,
  fields,
  submitLabel,
  pendingLabel,
  isPending,
  onValid,
}: CredentialsFormProps<Values>) {
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await form.validate()) onValid(form.values);
  };

  return (
    <Form className={styles.form} onSubmit={submit} aria-label={label}>
      {fields.map(({ name, ...field }) => (
        <TextField key={name} {...field} {...form.field(name)} />
      ))}
      <Button type="submit" size="lg" isDisabled={isPending}>
        {isPending ? pendingLabel : submitLabel}
      </Button>
    </Form>
  );
}
