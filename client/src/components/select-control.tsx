import { ChevronDown } from 'lucide-react';
import {
  Button,
  type Key,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  Text,
} from 'react-aria-components';
import type { Intent } from './on-intent.ts';
import * as styles from './select-field.css.ts';
import type { SelectFieldProps } from './select-field.tsx';

/** Long lists scroll inside this height (the space beside the button may be smaller still). */
const LIST_MAX_HEIGHT = 320;

/** A labelled single choice from a short list, with a popover list box (loaded by select-field.tsx). */
export function SelectControl<Value extends Key>({
  label,
  options,
  value,
  onChange,
  description,
  isDisabled,
  labelClassName,
  intent,
}: SelectFieldProps<Value> & {
  /** What the person did to the field's stand-in before this loaded (on-intent.ts). */
  intent: Intent;
}) {
  return (
    <Select
      className={styles.field}
      value={value}
      onChange={(key) => key !== null && onChange(key as Value)}
      isDisabled={isDisabled}
      defaultOpen={intent.isPressed}
      autoFocus={intent.hasFocus}
    >
      <Label className={labelClassName ? `${styles.label} ${labelClassName}` : styles.label}>{label}</Label>
      <Button className={styles.trigger}>
        <SelectValue className={styles.value} />
        <ChevronDown size={16} aria-hidden />
      </Button>
      {description && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      {/* Below the button (above it when there is more room there), never over it: the mouse-up of the click that
          opened the list must land on the button, not on an option. */}
      <Popover className={styles.popover} placement="bottom start" offset={4} maxHeight={LIST_MAX_HEIGHT}>
        <ListBox className={styles.listBox} items={options}>
          {(option) => (
            <ListBoxItem id={option.value} textValue={option.label} className={styles.option}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
