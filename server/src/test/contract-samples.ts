/** Inputs generated from route contracts, for tests that walk every route of `protocol/`. */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  minLength?: number;
  minItems?: number;
  items?: JsonSchema;
  format?: string;
  additionalProperties?: unknown;
}

/** A plausible value for a schema, so one wrong field at a time can reach past validation. */
export function sample(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.allOf) return sample(schema.allOf[0]);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return sample(variants.find((v) => v.type !== 'null') ?? variants[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => schema.required?.includes(key))
          .map(([key, value]) => [key, sample(value)]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items));
    case 'string':
      if (schema.format === 'email') return 'fuzz@example.test';
      if (schema.format === 'date-time') return new Date(0).toISOString();
      return 'fuzz'.padEnd(schema.minLength ?? 4, 'z');
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return undefined;
  }
}

export function paramNames(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
}

export function fill(url: string, path: Record<string, string>): string {
  // Hostile values go in as typed: '%00' stays an escape, the rest is encoded.
  return url.replace(/:(\w+)/g, (_, name: string) => {
    const value = path[name] ?? '';
    return /^%[0-9a-f]{2}/i.test(value) ? value : encodeURIComponent(value);
  });
}
