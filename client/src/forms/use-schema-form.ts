import type { TObject } from 'typebox';
import { type FieldErrors, schemaErrors } from './schema-errors.ts';
import { useCheckedForm } from './use-checked-form.ts';

type Refine<Values> = (values: Values, found: FieldErrors<keyof Values & string>) => FieldErrors<keyof Values & string>;

/**
 * A form of text inputs checked against its protocol schema (plus `refine` for rules across fields, such as
 * matching passwords). Errors appear on submit and then follow every edit.
 */
export function useSchemaForm<Values extends Record<string, string>>(
  schema: TObject,
  initial: Values,
  refine?: Refine<Values>,
) {
  const form = useCheckedForm(initial, (values: Values) => {
    const found = schemaErrors(schema, values);
    return refine ? { ...refine(values, found), ...found } : found;
  });

  return {
    values: form.values,
    errors: form.errors,
    /** Props for a TextField bound to `name`. */
    field: (name: keyof Values & string) => ({
      name,
      value: form.values[name],
      onChange: (value: string) => form.change({ [name]: value } as Partial<Values>),
      error: form.errors[name],
    }),
    validate: form.validate,
    reset: (to: Values = initial) => form.reset(to),
  };
}

export type SchemaForm<Values extends Record<string, string>> = ReturnType<typeof useSchemaForm<Values>>;
