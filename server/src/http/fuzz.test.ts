import { api, ERROR_STATUSES, type RouteContract } from '@enclave/protocol';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { fill, type JsonSchema, paramNames, sample } from '../test/contract-samples.ts';
import { createMember } from '../test/factories.ts';

/**
 * Every route, fed schema-violating and hostile input, signed in and anonymous: each answer is
 * a 2xx or a 4xx carrying `{ message, code }`, never a 5xx. The cases are generated from the
 * contracts, so they are the same on every run.
 */

interface Operation {
  responses: Record<string, unknown>;
}

interface Case {
  label: string;
  /** The answer must be a 4xx. */
  refused?: boolean;
  path: Record<string, string>;
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

const HUGE = 'x'.repeat(100_000);
const HOSTILE_PARAMS = ['abc', '-1', '0', '1.5', '1e5', '99999999999999999999', '%00', '%2e%2e%2f', ' ', 'null', HUGE];
const WRONG_VALUES: unknown[] = ['123', 123, -1, 1e308, 0.5, true, null, {}, [], ['a', 1], { $gt: '' }, '', HUGE];
const POLLUTION = '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}';

function deepChain(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}
const DEEP = deepChain(2_000);

function casesFor(route: RouteContract): Case[] {
  const names = paramNames(route.url);
  const validPath = Object.fromEntries(names.map((name) => [name, '1']));
  const cases: Case[] = [{ label: 'plausible input', path: validPath, body: bodyFor(route) }];
  for (const name of names) {
    for (const value of HOSTILE_PARAMS) {
      cases.push({ label: `param ${name}=${value.slice(0, 20)}`, path: { ...validPath, [name]: value } });
    }
  }
  const query = route.querystring as JsonSchema | undefined;
  cases.push({
    label: 'unknown query params',
    path: validPath,
    query: { zzz: '%00', 'a[b]': 'c', __proto__x: '{}', limit: '-1', cursor: 'abc', huge: HUGE.slice(0, 5_000) },
  });
  for (const key of Object.keys(query?.properties ?? {})) {
    for (const value of ['abc', '-1', '0', '99999999999999999999', '1e5', '', '%00', 'x'.repeat(5_000)]) {
      cases.push({ label: `query ${key}=${value.slice(0, 20)}`, path: validPath, query: { [key]: value } });
    }
  }
  if (route.multipart || route.method === 'GET') return cases;

  const base = (sample(route.body as JsonSchema | undefined) ?? {}) as Record<string, unknown>;
  const json = { 'content-type': 'application/json' };
  const bodies: [string, unknown, Record<string, string>?][] = [
    ['empty object', {}],
    ['array body', [base]],
    ['malformed JSON', '{"a":', json],
    ['JSON null', 'null', json],
    ['JSON string', '"text"', json],
    ['JSON number', '42', json],
    ['empty JSON body', '', json],
    ['prototype pollution', POLLUTION, json],
    [
      'prototype pollution inside fields',
      `{${JSON.stringify(base).slice(1, -1)}${Object.keys(base).length ? ',' : ''}${POLLUTION.slice(1)}`,
      json,
    ],
    ['deeply nested object', { ...base, nested: DEEP }],
    ['2 MB body', { ...base, padding: 'x'.repeat(2_000_000) }],
    ['form-encoded body', 'a=1&b=2', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['text body', 'hello', { 'content-type': 'text/plain' }],
    ['xml body', '<a>1</a>', { 'content-type': 'application/xml' }],
    ['json with odd charset', JSON.stringify(base), { 'content-type': 'application/json; charset=utf-16' }],
  ];
  for (const key of Object.keys(base)) {
    const { [key]: _dropped, ...rest } = base;
    bodies.push([`missing ${key}`, rest]);
  }

  for (const key of Object.keys((route.body as JsonSchema | undefined)?.properties ?? {})) {
    for (const [i, value] of WRONG_VALUES.entries())
      bodies.push([`${key} as wrong value #${i}`, { ...base, [key]: value }]);
    bodies.push([`${key} deeply nested`, { ...base, [key]: DEEP }]);
  }
  for (const [label, body, headers] of bodies) cases.push({ label, path: validPath, body, headers });
  // A property the body does not declare is refused, never stored or silently dropped; only a body that says
  // it is open (a provider's signed callback) takes others.
  if ((route.body as JsonSchema | undefined)?.additionalProperties !== true) {
    cases.push({ label: 'undeclared property', path: validPath, body: { ...base, isAdmin: true }, refused: true });
  }
  return cases;
}

function bodyFor(route: RouteContract): unknown {
  return route.multipart || route.method === 'GET' ? undefined : (sample(route.body as JsonSchema | undefined) ?? {});
}

/** What is wrong with an answer, if anything. */
function problem(response: LightMyRequestResponse): string | undefined {
  if (response.statusCode >= 500) return `${response.statusCode} ${response.body.slice(0, 200)}`;
  if (response.statusCode < 400) return undefined;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `${response.statusCode} with a non-JSON body: ${response.body.slice(0, 200)}`;
  }
  const { message, code } = (body ?? {}) as { message?: unknown; code?: unknown };
  if (typeof message !== 'string' || typeof code !== 'string') {
    return `${response.statusCode} without { message, code }: ${response.body.slice(0, 200)}`;
  }
  return undefined;
}

describe('route fuzzing', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });

  it('serves a valid OpenAPI 3.1 document at /api/docs, every route with its error responses', async () => {
    const response = await new TestClient(app).call(api.docs);
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { openapi: string; paths: Record<string, Record<string, Operation>> };
    expect(doc.openapi).toBe('3.1.0');
    const validation = await new Validator().validate(doc as never);
    expect(validation.errors ?? [], 'OpenAPI validation errors').toEqual([]);
    expect(validation.valid).toBe(true);
    // Every route but the document itself, which is left out of its own listing.
    for (const route of Object.values(api).filter((r) => r !== api.docs) as RouteContract[]) {
      const operation = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      for (const status of ERROR_STATUSES)
        expect(operation?.responses, `${route.url} ${status}`).toHaveProperty(String(status));
    }
  });

  it.each(Object.entries(api) as [string, RouteContract][])(
    'never answers %s with a 5xx or a bare 4xx',
    async (_name, route) => {
      const { client: member } = await createMember(app);
      const failures: string[] = [];
      for (const fuzz of casesFor(route)) {
        const url = fill(route.url, fuzz.path);
        const anonymous = new TestClient(app);
        // A fresh address per call keeps per-IP limits from hiding what a call would do.
        const signedIn = new TestClient(app);
        signedIn.cookie = member.cookie;
        for (const [who, client] of [
          ['member', signedIn],
          ['anonymous', anonymous],
        ] as const) {
          const response = await client.request(route.method, url, fuzz.body, fuzz.query, fuzz.headers);
          const accepted = response.statusCode < 400;
          const wrong = fuzz.refused && accepted ? `${response.statusCode}: accepted` : problem(response);
          if (wrong) failures.push(`${who} ${route.method} ${url.slice(0, 80)} [${fuzz.label}]: ${wrong}`);
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it('leaves no polluted prototype and a healthy server behind', async () => {
    expect(({} as { isAdmin?: unknown }).isAdmin).toBeUndefined();
    const response = await new TestClient(app).call(api.health);
    expect(response.statusCode).toBe(200);
  });
});
