import { ChevronDown } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import type { Key } from 'react-aria-components';
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

/**
 * react-aria's Select with its list box, popover and collection (about 45 KB compressed, more than the rest of a
 * page) loads while the page renders, not before: no page waits for a list nobody has opened yet.
 */
const SelectControl = lazy(() =>
  import('./select-control.tsx').then((module) => ({ default: module.SelectControl })),
) as <Value extends Key>(props: SelectFieldProps<Value>) => ReactNode;

/** A labelled single choice from a short list, with a popover list box. */
export function SelectField<Value extends Key>(props: SelectFieldProps<Value>) {
  return (
    <Suspense fallback={<SelectFieldPreview {...props} />}>
      <SelectControl {...props} />
    </Suspense>
  );
}

/** The field as it will look, with its current choice, until the control is there; it does not open yet. */
function SelectFieldPreview<Value extends Key>({
  label,
  options,
  value,
  description,
  isDisabled,
  labelClassName,
}: SelectFieldProps<Value>) {
  return (
    <div className={styles.field}>
      <span className={labelClassName ? `${styles.label} ${labelClassName}` : styles.label}>{label}</span>
      <button type="button" className={styles.trigger} aria-disabled data-disabled={isDisabled || undefined}>
        <span className={styles.value}>{options.find((option) => option.value === value)?.label}</span>
        <ChevronDown size={16} aria-hidden />
      </button>
      {description && <span className={styles.description}>{description}</span>}
    </div>
  );
}
