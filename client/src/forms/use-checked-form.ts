import { useState } from 'react';

/** A form's errors by field. Apart from the schema check (schema-errors.ts), which only some forms load. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}

type Merge<Values> = (values: Values, patch: Partial<Values>) => Values;

const merged = <Values>(values: Values, patch: Partial<Values>): Values => ({ ...values, ...patch });

/**
 * A form's values and errors: errors appear on submit and then follow every edit. `check` finds the errors of
 * some values; `merge` applies an edit, for forms whose fields change each other.
 */
export function useCheckedForm<Values extends object, Field extends string>(
  initial: Values | (() => Values),
  check: (values: Values) => FieldErrors<Field>,
  merge: Merge<Values> = merged,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [isSubmitted, setSubmitted] = useState(false);

  return {
    values,
    errors,
    change: (patch: Partial<Values>) => {
      const next = merge(values, patch);
      setValues(next);
      if (isSubmitted) setErrors(check(next));
    },
    /** Shows every error; true when the form may be sent. */
    validate: () => {
      const found = check(values);
      setSubmitted(true);
      setErrors(found);
      return !hasErrors(found);
    },
    reset: (to: Values) => {
      setValues(to);
      setErrors({});
      setSubmitted(false);
    },
  };
}
