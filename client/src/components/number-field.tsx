import {
  NumberField as AriaNumberField,
  type NumberFieldProps as AriaNumberFieldProps,
  FieldError,
  Group,
  Input,
  Label,
  Text,
} from 'react-aria-components';
import * as styles from './text-field.css.ts';

const WHOLE_NUMBER: Intl.NumberFormatOptions = { useGrouping: false, maximumFractionDigits: 0 };

/**
 * No `minValue` or `maxValue`: react-aria would round what was typed into range as the input loses focus (0 became
 * 1, 150 became 100), so the form's own rule and its text never showed. The form checks the range instead.
 */
interface NumberFieldProps
  extends Omit<AriaNumberFieldProps, 'className' | 'isInvalid' | 'children' | 'minValue' | 'maxValue'> {
  label: string;
  description?: string;
  /** The validation or server text shown under the input; marks the field invalid. */
  error?: string;
}

/** A labelled whole-number input that keeps what was typed; the value is NaN while the input is empty. */
export function NumberField({ label, description, error, ...props }: NumberFieldProps) {
  return (
    <AriaNumberField
      step={1}
      formatOptions={WHOLE_NUMBER}
      {...props}
      isInvalid={Boolean(error)}
      className={styles.field}
    >
      <Label className={styles.label}>{label}</Label>
      <Group>
        <Input className={styles.input} />
      </Group>
      {description && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      <FieldError className={styles.error}>{error}</FieldError>
    </AriaNumberField>
  );
}
