import { useId } from 'react';
import * as styles from './text-field.css.ts';

export interface SearchFieldProps {
  label: string;
  placeholder?: string;
  maxLength?: number;
  value: string;
  onChange: (value: string) => void;
}

/**
 * A labelled search input, plain HTML: lists' search boxes are on first screens (the home page's recent threads),
 * where react-aria's TextField would add its field, validation and hover code before the page renders.
 */
export function SearchField({ label, onChange, ...props }: SearchFieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        {...props}
        id={id}
        type="search"
        className={styles.input}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </div>
  );
}
