import Type, { type Static, type TSchema } from 'typebox';
import { ERROR_STATUSES, ErrorBody } from './errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * One HTTP call, declared once: the server registers it (validation, serialization,
 * OpenAPI) and the client's fetch wrapper takes its types from it.
 */
export interface RouteContract {
  method: HttpMethod;
  url: string;
  summary?: string;
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  /** Every field of `body` is optional and the call may come without one: it is then read as `{}`. */
  bodyOptional?: boolean;
  /** multipart uploads are parsed by the server's multipart plugin, not the JSON schema. */
  multipart?: boolean;
  response: Record<number, TSchema>;
}

/**
 * The schema with every object that lists its properties closed to others (`additionalProperties: false`), at
 * every depth. Maps (`patternProperties`, records) stay open: their keys are data.
 */
function closed<S extends TSchema>(schema: S): S {
  if (Array.isArray(schema)) return schema.map((item) => closed(item)) as unknown as S;
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string | symbol, unknown> = { ...(schema as object) };
  for (const [key, value] of Object.entries(schema)) {
    if (typeof value === 'object' && value !== null) copy[key] = closed(value as TSchema);
  }
  const isObject = (schema as { type?: unknown }).type === 'object' && 'properties' in schema;
  if (isObject && !('additionalProperties' in schema)) copy.additionalProperties = false;
  return copy as S;
}

const errorResponses = Object.fromEntries(ERROR_STATUSES.map((status) => [status, ErrorBody]));

/** The body of a write that takes none: absent, `{}`, or refused. */
const NoBody = Type.Object({});

/**
 * A route contract. Its body refuses properties it does not declare (a write never stores a field it did not ask
 * for), and its responses declare the one error body for every error status, so the OpenAPI document names them.
 */
export function route<const R extends RouteContract>(contract: R): R {
  const response = { ...errorResponses, ...contract.response };
  if (contract.body) return { ...contract, response, body: closed(contract.body) };
  if (contract.method === 'GET' || contract.multipart) return { ...contract, response };
  return { ...contract, response, body: closed(NoBody), bodyOptional: true };
}

declare const contractType: unique symbol;
type AddressField = 'method' | 'url' | 'multipart';

/**
 * A route as a browser holds it (see browser.ts): the method and path a call needs, typed with the contract it
 * stands for, whose schemas stay out of the page bundle.
 */
export type RouteAddress<R extends RouteContract = RouteContract> = Pick<R, Extract<keyof R, AddressField>> & {
  readonly [contractType]?: R;
};

type SchemaStatic<S> = S extends TSchema ? Static<S> : undefined;

export type ParamsOf<R extends RouteContract> = SchemaStatic<R['params']>;
export type QueryOf<R extends RouteContract> = SchemaStatic<R['querystring']>;
export type BodyOf<R extends RouteContract> = SchemaStatic<R['body']>;
type SuccessStatus<R extends RouteContract> = Extract<keyof R['response'], 200 | 201 | 202 | 204>;
export type ReplyOf<R extends RouteContract> = Static<R['response'][SuccessStatus<R>]>;
