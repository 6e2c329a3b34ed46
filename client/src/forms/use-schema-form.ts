import { useEffect } from 'react';
import type { TObject } from 'typebox';
import { afterFirstScreen } from '../layout/first-screen.ts';
import { type FieldErrors, useCheckedForm } from './use-checked-form.ts';

type FormSchemas = typeof import('./form-schemas.ts');

let schemas: FormSchemas | undefined;
/** One load for every form; later calls get the module already there. */
const loadSchemas = () => import('./form-schemas.ts').then((module) => (schemas = module));

type Refine<Values> = (values: Values, found: FieldErrors<keyof Values & string>) => FieldErrors<keyof Values & string>;

/**
 * A form of text inputs checked against its protocol schema, which `schemaOf` picks from form-schemas.ts (plus
 * `refine` for rules across fields, such as matching passwords). Errors appear on submit and then follow every edit.
 * The check loads once the first screen is there (layout/first-screen.ts); a submit waits for it. Asked for as the
 * form appeared, its 36 KB came before a form page's largest paint, which Lighthouse's simulation counted it into
 * (sign-in's LCP 2.7-2.8 s in some runs against 2.3 in others, issue #26).
 */
export function useSchemaForm<Values extends Record<string, string>>(
  schemaOf: (loaded: FormSchemas) => TObject,
  initial: Values,
  refine?: Refine<Values>,
) {
  useEffect(() => afterFirstScreen(() => void loadSchemas()), []);
  const form = useCheckedForm(initial, (values: Values) => {
    // An edit is checked only after a submit, which waited for the check to load.
    const found: FieldErrors<keyof Values & string> = schemas ? schemas.schemaErrors(schemaOf(schemas), values) : {};
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
    /** Shows every error; resolves true when the form may be sent. */
    validate: async () => {
      await loadSchemas();
      return form.validate();
    },
    reset: (to: Values = initial) => form.reset(to),
  };
}

export type SchemaForm<Values extends Record<string, string>> = ReturnType<typeof useSchemaForm<Values>>;
