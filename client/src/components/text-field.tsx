import { type InputHTMLAttributes, useId } from 'react';
import * as styles from './text-field.css.ts';

type FieldElement = HTMLInputElement | HTMLTextAreaElement;

/** What callers hand on to the input (or text area) as it is. */
type PassedOn = Pick<
  InputHTMLAttributes<FieldElement>,
  | 'name'
  | 'placeholder'
  | 'autoComplete'
  | 'autoFocus'
  | 'maxLength'
  | 'minLength'
  | 'inputMode'
  | 'spellCheck'
  | 'enterKeyHint'
  | 'onBlur'
  | 'onFocus'
  | 'onKeyDown'
  | 'onPaste'
>;

export interface TextFieldProps extends PassedOn {
  label: string;
  description?: string;
  /** The validation or server text shown under the input; marks the field invalid. */
  error?: string;
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  type?: InputHTMLAttributes<HTMLInputElement>['type'];
  /** A multi-line text area of this many rows instead of a one-line input. */
  rows?: number;
  isRequired?: boolean;
  isDisabled?: boolean;
  isReadOnly?: boolean;
}

/**
 * A labelled input with its description and error, announced together by screen readers. Plain HTML rather than
 * react-aria's TextField: the sign-in, profile and wallet forms are first screens, and react-aria's field, validation
 * and focus code was most of the 17-23 KB (compressed) they loaded from it before they painted (issue #26). An error
 * marks the field for assistive technology but never blocks a submit: `Form` (forms/form.tsx) is `noValidate`, so
 * `required` only tells.
 */
export function TextField({
  label,
  description,
  error,
  onChange,
  type,
  rows,
  isRequired,
  isDisabled,
  isReadOnly,
  ...props
}: TextFieldProps) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const control = {
    ...props,
    id,
    required: isRequired,
    'aria-required': isRequired || undefined,
    disabled: isDisabled,
    readOnly: isReadOnly,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [descriptionId, errorId].filter(Boolean).join(' ') || undefined,
    onChange: (event: { currentTarget: FieldElement }) => onChange?.(event.currentTarget.value),
  };

  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {rows ? (
        <textarea {...control} rows={rows} className={styles.textArea} />
      ) : (
        <input {...control} type={type} className={styles.input} />
      )}
      {description && (
        <span id={descriptionId} className={styles.description}>
          {description}
        </span>
      )}
      {error && (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  );
}
