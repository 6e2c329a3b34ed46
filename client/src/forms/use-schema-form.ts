import { useState } from 'react';
import type { TObject } from 'typebox';
import { type FieldErrors, hasErrors, schemaErrors } from './schema-errors.ts';

type Refine<Values> = (values: Values, found: FieldErrors<keyof Values & string>) => FieldErrors<keyof Values & string>;

/**
 * A form's values and errors, checked against its protocol schema (plus `refine` for rules across fields, such
 * as matching passwords). Errors appear on submit and then follow every edit.
 */
export function useSchemaForm<Values extends Record<string, string>>(
  schema: TObject,
  initial: Values,
  refine?: Refine<Values>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<keyof Values & string>>({});
  const [isSubmitted, setSubmitted] = useState(false);

  const check = (next: Values) => {
    const found = schemaErrors(schema, next);
    return refine ? { ...refine(next, found), ...found } : found;
  };

  const setField = (name: keyof Values & string, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (isSubmitted) setErrors(check(next));
  };

  return {
    values,
    errors,
    /** Props for a TextField bound to `name`. */
    field: (name: keyof Values & string) => ({
      name,
      value: values[name],
      onChange: (value: string) => setField(name, value),
      error: errors[name],
    }),
    /** Shows every error; true when the form may be sent. */
    validate: () => {
      const found = check(values);
      setSubmitted(true);
      setErrors(found);
      return !hasErrors(found);
    },
    reset: (to: Values = initial) => {
      setValues(to);
      setErrors({});
      setSubmitted(false);
    },
  };
}
