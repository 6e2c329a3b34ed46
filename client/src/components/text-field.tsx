import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  FieldError,
  Input,
  Label,
  Text,
  TextArea,
} from 'react-aria-components';
import * as styles from './text-field.css.ts';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'className' | 'isInvalid' | 'children'> {
  label: string;
  description?: string;
  /** The validation or server text shown under the input; marks the field invalid. */
  error?: string;
  placeholder?: string;
  /** A multi-line text area of this many rows instead of a one-line input. */
  rows?: number;
}

/** A labelled input with its description and error, announced together by screen readers. */
export function TextField({ label, description, error, placeholder, rows, ...props }: TextFieldProps) {
  return (
    // 'aria': an error marks the field for assistive technology but never blocks the form's next submit.
    <AriaTextField {...props} isInvalid={Boolean(error)} validationBehavior="aria" className={styles.field}>
      <Label className={styles.label}>{label}</Label>
      {rows ? (
        <TextArea className={styles.textArea} placeholder={placeholder} rows={rows} />
      ) : (
        <Input className={styles.input} placeholder={placeholder} />
      )}
      {description && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      <FieldError className={styles.error}>{error}</FieldError>
    </AriaTextField>
  );
}
