import {
  type BodyOf,
  CSRF_HEADER,
  ErrorCode,
  type HttpMethod,
  type ParamsOf,
  pathOf,
  type QueryOf,
  REQUEST_TEXT,
  type ReplyOf,
  type RouteAddress,
  type RouteContract,
} from '@enclave/protocol';
import { askForStepUp } from '../stores/step-up-store.ts';
import { toast } from '../stores/toast-store.ts';
import { ApiError } from './api-error.ts';

export interface RequestOptions {
  query?: object;
  body?: unknown;
  /** Title of the error toast instead of `Error (status)`. */
  errorTitle?: string;
  /** No automatic error toast: the caller reports the failure itself. */
  silent?: boolean;
  signal?: AbortSignal;
}

type Field<Name extends string, T> = [T] extends [undefined] ? { [K in Name]?: undefined } : { [K in Name]: T };
type BodyField<R extends RouteContract> = R['multipart'] extends true ? { body: FormData } : Field<'body', BodyOf<R>>;
export type CallInput<R extends RouteContract> = Field<'params', ParamsOf<R>> &
  Partial<Field<'query', QueryOf<R>>> &
  BodyField<R> &
  Pick<RequestOptions, 'errorTitle' | 'silent' | 'signal'>;
type CallArgs<R extends RouteContract> = object extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

/** Calls a protocol route (`api.x`); the reply is typed from its contract. */
export function call<R extends RouteContract>(route: RouteAddress<R>, ...[input]: CallArgs<R>): Promise<ReplyOf<R>> {
  return request(route.method, pathOf(route.url, input?.params as Record<string, unknown> | undefined), input);
}

/** A read whose 401 means "nobody is signed in": it resolves to null without a toast. */
export function getOrNull<R extends RouteContract & { method: 'GET' }>(
  route: RouteAddress<R>,
  ...[input]: CallArgs<R>
): Promise<ReplyOf<R> | null> {
  return requestOrNull(pathOf(route.url, input?.params as Record<string, unknown> | undefined), input);
}

/** The raw helper under `call`, for paths that have no contract (the query cache's default reads). */
export async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return (await send(method, path, options)) as T;
  } catch (error) {
    reportFailure(method, error, options);
    throw error;
  }
}

export async function requestOrNull<T>(path: string, options: RequestOptions = {}): Promise<T | null> {
  try {
    return (await send('GET', path, options)) as T;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    reportFailure('GET', error, options);
    throw error;
  }
}

/** A file the server sent (an attachment), with the name it suggested. */
export interface ReceivedFile {
  blob: Blob;
  fileName: string | null;
}

/**
 * Reads a route that answers with a file. Like `call`, a non-OK answer throws an `ApiError` with the server's
 * message, so the caller learns the outcome instead of the browser showing the error body in the tab.
 */
export async function receiveFile<R extends RouteContract & { method: 'GET' }>(
  route: RouteAddress<R>,
  options: Pick<RequestOptions, 'silent' | 'errorTitle' | 'signal'> = {},
): Promise<ReceivedFile> {
  try {
    const response = await open('GET', route.url, options);
    const disposition = response.headers.get('Content-Disposition') ?? '';
    return { blob: await response.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
  } catch (error) {
    reportFailure('GET', error, options);
    throw error;
  }
}

async function send(method: HttpMethod, path: string, options: RequestOptions): Promise<unknown> {
  const response = await open(method, path, options);
  if (response.status === 204) return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  return type.includes('application/json') ? response.json() : response.text();
}

/**
 * The request, with the product's headers; any non-OK answer becomes an `ApiError`. A money or power move the server
 * refuses with STEP_UP_REQUIRED (issue #27) opens the step-up dialog, and once the member has confirmed it is them,
 * the same call goes again, once; if they cancel, the refusal is the answer.
 */
async function open(method: HttpMethod, path: string, options: RequestOptions): Promise<Response> {
  const response = await fetchOnce(method, path, options);
  if (response.ok) return response;
  const error = await ApiError.fromResponse(response);
  if (error.code !== ErrorCode.StepUpRequired || options.signal?.aborted || !(await askForStepUp())) throw error;
  const again = await fetchOnce(method, path, options);
  if (!again.ok) throw await ApiError.fromResponse(again);
  return again;
}

async function fetchOnce(method: HttpMethod, path: string, options: RequestOptions): Promise<Response> {
  // The CSRF header goes with writes, the only calls the server checks for it: a read without it is the same request
  // as the page's `<link rel="preload" as="fetch">` of it, and the browser hands over the preloaded answer.
  const headers = new Headers(method === 'GET' ? {} : { [CSRF_HEADER.name]: CSRF_HEADER.value });
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers.set('Content-Type', 'application/json');
  return fetch(withQuery(path, options.query), {
    method,
    headers,
    credentials: 'include',
    body: isForm ? (options.body as FormData) : options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
}

function reportFailure(method: HttpMethod, error: unknown, options: RequestOptions) {
  if (options.silent || options.signal?.aborted) return;
  // A read answered 401 just means "signed out"; the page decides what to show (spec 000 §8).
  if (method === 'GET' && error instanceof ApiError && error.status === 401) return;
  const title = error instanceof ApiError ? REQUEST_TEXT.errorTitle(error.status) : REQUEST_TEXT.requestError;
  toast({
    variant: 'destructive',
    title: options.errorTitle ?? title,
    description: error instanceof Error ? error.message : String(error),
  });
}

function withQuery(path: string, query: object | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
