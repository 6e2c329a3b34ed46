import { ChevronDown } from 'lucide-react';
import { startTransition, useEffect, useId, useState } from 'react';
import type { Key } from 'react-aria-components';
import { afterFirstScreen } from '../layout/first-screen.ts';
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
  /** Opens the list as it appears: the field was pressed before the control had loaded. */
  defaultOpen?: boolean;
  /** Takes the focus as it appears: the field had it before the control had loaded. */
  autoFocus?: boolean;
}

type SelectControlType = typeof import('./select-control.tsx').SelectControl;

/**
 * react-aria's Select with its list box, popover and collection (about 45 KB compressed, more than the rest of a
 * page) loads after the page, not before it: once the first screen is there (layout/first-screen.ts), or as soon as
 * the field is pointed at, focused or pressed. Until then the field shows its label and current choice, as it will
 * look, without opening.
 */
let SelectControl: SelectControlType | undefined;
let loading: Promise<void> | undefined;
const loadControl = () => {
  loading ??= import('./select-control.tsx').then((module) => {
    SelectControl = module.SelectControl;
  });
  return loading;
};

/** A labelled single choice from a short list, with a popover list box. */
export function SelectField<Value extends Key>(props: SelectFieldProps<Value>) {
  const [, setLoaded] = useState(Boolean(SelectControl));
  const [isWanted, setWanted] = useState(false);
  const [hasFocus, setFocus] = useState(false);
  useEffect(() => {
    if (SelectControl) return;
    let isCurrent = true;
    // In a transition: React renders the control in slices, not in one task as the page is settling.
    const load = () => void loadControl().then(() => isCurrent && startTransition(() => setLoaded(true)));
    const cancel = afterFirstScreen(load);
    return () => {
      isCurrent = false;
      cancel();
    };
  }, []);
  const load = () => void loadControl().then(() => setLoaded(true));
  return SelectControl ? (
    <SelectControl {...props} defaultOpen={isWanted} autoFocus={hasFocus} />
  ) : (
    <SelectFieldPreview
      {...props}
      onIntent={load}
      onPress={() => {
        setWanted(true);
        load();
      }}
      onFocusChange={setFocus}
    />
  );
}

/**
 * The field as it will look, named as it will be (its choice, then its label), until the control is there; a press
 * meanwhile opens the list once it has come. A press counts from its pointer-down: the control can replace this
 * button between the down and the up of one click (pointing at it loads the control), and the control, which saw
 * no down, would ignore the up and the click. The focus, too, passes to the control.
 */
function SelectFieldPreview<Value extends Key>({
  label,
  options,
  value,
  description,
  isDisabled,
  labelClassName,
  onPress,
  onIntent,
  onFocusChange,
}: SelectFieldProps<Value> & {
  onPress: () => void;
  onIntent: () => void;
  onFocusChange: (hasFocus: boolean) => void;
}) {
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
        onPointerDown={onPress}
        onClick={onPress}
        onPointerEnter={onIntent}
        onFocus={() => {
          onFocusChange(true);
          onIntent();
        }}
        onBlur={() => onFocusChange(false)}
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
