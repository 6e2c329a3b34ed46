import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import type { Key } from 'react-aria-components';
import { loadOnIntent, type StandInProps, useOnIntent } from './on-intent.ts';
import * as styles from './select-field.css.ts';

export interface SelectOption<Value extends Key> {
  value: Value;
  label: string;
}

export interface SelectFieldProps<Value extends Key> {
  label: string;
  options: readonly SelectOption<Value>[];
  value: Value;
  onChange: (value: Value) => void;
  description?: string;
  isDisabled?: boolean;
  /** Added to the label's class, e.g. to keep it for screen readers only where space is short. */
  labelClassName?: string;
}

/** react-aria's Select with its list box, popover and collection: about 45 KB compressed, more than the rest of a page. */
const selectControl = loadOnIntent(() => import('./select-control.tsx'));

/**
 * A labelled single choice from a short list, with a popover list box. Until its control has loaded (components/
 * on-intent.ts) the field shows its label and current choice, as it will look.
 */
export function SelectField<Value extends Key>(props: SelectFieldProps<Value>) {
  const { module, intent, standInProps } = useOnIntent(selectControl);
  return module ? (
    <module.SelectControl {...props} intent={intent} />
  ) : (
    <SelectFieldPreview {...props} standInProps={standInProps} />
  );
}

/** The field as it will look, named as it will be (its choice, then its label), until the control is there. */
function SelectFieldPreview<Value extends Key>({
  label,
  options,
  value,
  description,
  isDisabled,
  labelClassName,
  standInProps,
}: SelectFieldProps<Value> & { standInProps: StandInProps }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <span id={`${id}-label`} className={labelClassName ? `${styles.label} ${labelClassName}` : styles.label}>
        {label}
      </span>
      <button
        type="button"
        className={styles.trigger}
        disabled={isDisabled}
        {...standInProps}
        aria-labelledby={`${id}-value ${id}-label`}
        data-disabled={isDisabled || undefined}
      >
        <span id={`${id}-value`} className={styles.value}>
          {options.find((option) => option.value === value)?.label}
        </span>
        <ChevronDown size={16} aria-hidden />
      </button>
      {description && <span className={styles.description}>{description}</span>}
    </div>
  );
}
