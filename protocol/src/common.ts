import Type from 'typebox';

/**
 * Every entity id is a positive integer (spec 000 §7: ids "must be numeric"), and a safe one: the server derives
 * each document's `_id` from it, and a number past 2^53 is no id (2^127 broke that derivation with a 500).
 */
export const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
export const IdParams = Type.Object({ id: Id });
export const IsoDate = Type.String({ format: 'date-time' });
export const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const OkReply = Type.Object({ message: Type.String() });
export type OkReply = Type.Static<typeof OkReply>;

/**
 * The spec's wording a schema carries for a failed keyword: `errorMessage` is one text for every failure,
 * or one text per keyword (`{ minLength, maxLength, pattern }`), so each broken rule is named by its own text.
 */
export function schemaMessage(schema: unknown, keyword: string): string | undefined {
  const message = (schema as { errorMessage?: unknown } | null | undefined)?.errorMessage;
  if (typeof message === 'string') return message;
  const forKeyword = message && typeof message === 'object' ? (message as Record<string, unknown>)[keyword] : undefined;
  return typeof forKeyword === 'string' ? forKeyword : undefined;
}
