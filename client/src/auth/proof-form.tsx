import { FACTOR_TEXT } from '@enclave/protocol';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../components/button.tsx';
import { FormActions } from '../components/form-actions.tsx';
import { TextField, type TextFieldProps } from '../components/text-field.tsx';
import { Form } from '../forms/form.tsx';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import * as styles from './auth-forms.css.ts';

/** What a member types to prove it is them: a code from their app, a recovery code, or (without a factor) the password. */
export type TypedProof = 'code' | 'recoveryCode' | 'password';

const FIELDS: Record<TypedProof, Omit<TextFieldProps, 'value' | 'onChange'>> = {
  code: {
    label: FACTOR_TEXT.appCode,
    autoComplete: 'one-time-code',
    inputMode: 'numeric',
    enterKeyHint: 'done',
    placeholder: '123456',
  },
  recoveryCode: {
    label: FACTOR_TEXT.recoveryCode,
    autoComplete: 'off',
    spellCheck: false,
    enterKeyHint: 'done',
    placeholder: 'xxxxx-xxxxx',
  },
  password: { label: FACTOR_TEXT.password, type: 'password', autoComplete: 'current-password' },
};

interface ProofFormProps {
  proof: TypedProof;
  /** The form's accessible name. */
  label: string;
  /** The field's label, when not the proof's usual one. */
  fieldLabel?: string;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  /** The server's refusal, under the field until the member types again. */
  error?: string;
  onEdit?: () => void;
  /** Called with the value once it has the protocol's shape (a code's spaces taken out). */
  onProof: (value: string) => void;
  /** With Cancel, the buttons of a dialog; without, one large button as on /auth. */
  onCancel?: () => void;
  autoFocus?: boolean;
  children?: ReactNode;
}

/** One typed proof, checked with the protocol's rules (StepUpBody's fields) before it is sent. */
export function ProofForm({
  proof,
  label,
  fieldLabel,
  submitLabel,
  pendingLabel,
  isPending,
  error,
  onEdit,
  onProof,
  onCancel,
  autoFocus,
  children,
}: ProofFormProps) {
  const form = useSchemaForm((loaded) => loaded.StepUpBody, { [proof]: '' } as Record<TypedProof, string>);
  const field = form.field(proof);
  const value = form.values[proof];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (value && (await form.validate())) onProof(value.trim());
  };

  return (
    <Form className={styles.form} onSubmit={submit} aria-label={label}>
      <TextField
        {...FIELDS[proof]}
        {...field}
        label={fieldLabel ?? FIELDS[proof].label}
        autoFocus={autoFocus}
        error={field.error ?? error}
        onChange={(typed) => {
          onEdit?.();
          // Apps show a code as '123 456'; the protocol takes its six digits.
          field.onChange(proof === 'code' ? typed.replace(/\s+/g, '') : typed);
        }}
      />
      {children}
      {onCancel ? (
        <FormActions
          onCancel={onCancel}
          submitLabel={submitLabel}
          pendingLabel={pendingLabel}
          isPending={isPending}
          isDisabled={!value}
        />
      ) : (
        <Button type="submit" size="lg" isDisabled={isPending || !value}>
          {isPending ? pendingLabel : submitLabel}
        </Button>
      )}
    </Form>
  );
}
