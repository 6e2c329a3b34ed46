import type { Static, TSchema } from 'typebox';

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

export function route<const R extends RouteContract>(contract: R): R {
  return contract;
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

/** `/api/threads/:id` + `{ id: 3 }` → `/api/threads/3`. */
export function pathOf(url: string, params?: Record<string, unknown>): string {
  return url.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params?.[key] ?? '')));
}
