import { schemaMessage } from '@enclave/protocol';
import type { TObject } from 'typebox';
import Value from 'typebox/value';
import type { FieldErrors } from './use-checked-form.ts';

/**
 * Checks form values against the protocol body the server validates with; a failing field gets the
 * spec's wording the schema carries (`errorMessage`), so client and server refuse alike with one text.
 */
export function schemaErrors<Values extends Record<string, unknown>>(
  schema: TObject,
  values: Values,
): FieldErrors<keyof Values & string> {
  const errors: Record<string, string> = {};
  for (const issue of Value.Errors(schema, values)) {
    const field = issue.instancePath.split('/')[1];
    if (!field || errors[field]) continue;
    errors[field] = schemaMessage(schema.properties[field], issue.keyword) ?? issue.message;
  }
  return errors as FieldErrors<keyof Values & string>;
}
