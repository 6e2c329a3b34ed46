import { api, type RouteContract } from '@enclave/protocol';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { fill, type JsonSchema, paramNames, sample } from '../test/contract-samples.ts';
import { createMember } from '../test/factories.ts';

/**
 * An id out of range (past a safe integer, past a double, negative, zero, fractional) is a 400 or a 404 on every
 * route, in every place an id goes: path, body and query. Ids become derived `_id`s by arithmetic, so a number
 * the schema lets through can break that arithmetic, as `/api/users/{2^127}/picture` once did with a 500.
 */

/** As typed in a URL, and as written in JSON (1e400 parses to Infinity, 2^127 to a double past any safe integer). */
const OUT_OF_RANGE = [
  '115941867927649080778653788227040706560',
  '1e400',
  '-1e400',
  '9007199254740993',
  '99999999999999999999',
  '-1',
  '0',
  '1.5',
];

/** Not a number at all, though Ajv reads each as one (Infinity): refused in any numeric field of a path or query. */
const NOT_FINITE = ['1e400', '-1e400', 'Infinity'];

/** A field that carries an id: `id`, `userId`, `allowedUserIds`, `payment_id`, and the `before` cursors (ids too). */
const isIdName = (name: string) => /^id$|Ids?$|_id$|^before$/.test(name);

const isNumeric = (schema: JsonSchema) => ['integer', 'number'].includes(String(schema.type));

interface Call {
  label: string;
  url: string;
  body?: string;
  query?: Record<string, string>;
}

/** Raw JSON with `value` (a number literal, unquoted) at `key`: in an array if the field is one. */
function bodyWith(route: RouteContract, key: string, value: string): string {
  const schema = route.body as JsonSchema;
  const base = { ...(sample(schema) as Record<string, unknown>), [key]: '\u0000' };
  const literal = schema.properties?.[key]?.type === 'array' ? `[${value}]` : value;
  return JSON.stringify(base).replace('"\\u0000"', literal);
}

function callsFor(route: RouteContract): Call[] {
  const names = paramNames(route.url);
  const plausible = Object.fromEntries(names.map((name) => [name, '1']));
  const calls: Call[] = [];
  const withBody = !route.multipart && route.method !== 'GET';
  const body = withBody ? JSON.stringify(sample(route.body as JsonSchema | undefined) ?? {}) : undefined;
  for (const value of OUT_OF_RANGE) {
    for (const name of names.filter(isIdName)) {
      calls.push({ label: `${name}=${value}`, url: fill(route.url, { ...plausible, [name]: value }), body });
    }
    const url = fill(route.url, plausible);
    for (const key of Object.keys((route.body as JsonSchema | undefined)?.properties ?? {}).filter(isIdName)) {
      if (withBody) calls.push({ label: `body ${key}=${value}`, url, body: bodyWith(route, key, value) });
    }
    for (const key of Object.keys((route.querystring as JsonSchema | undefined)?.properties ?? {}).filter(isIdName)) {
      calls.push({ label: `query ${key}=${value}`, url, query: { [key]: value } });
    }
  }
  const query = Object.entries((route.querystring as JsonSchema | undefined)?.properties ?? {});
  for (const [key] of query.filter(([key, schema]) => !isIdName(key) && isNumeric(schema))) {
    for (const value of NOT_FINITE) {
      calls.push({ label: `query ${key}=${value}`, url: fill(route.url, plausible), query: { [key]: value } });
    }
  }
  return calls;
}

/** What is wrong with an answer to an out-of-range id, if anything. */
function problem(response: LightMyRequestResponse): string | undefined {
  if (response.statusCode >= 500) return `${response.statusCode} ${response.body.slice(0, 200)}`;
  if (response.statusCode < 400) return `${response.statusCode}: accepted`;
  let body: { message?: unknown; code?: unknown } | null = null;
  try {
    body = response.json();
  } catch {
    return `${response.statusCode} with a non-JSON body: ${response.body.slice(0, 200)}`;
  }
  if (typeof body?.message !== 'string' || typeof body?.code !== 'string') {
    return `${response.statusCode} without { message, code }: ${response.body.slice(0, 200)}`;
  }
  return undefined;
}

/** Every route that takes an id or a number in its path, body or query. */
const routesWithIds = (Object.entries(api) as [string, RouteContract][]).filter(
  ([, route]) => callsFor(route).length > 0,
);

describe('an out-of-range id (or a number past every bound) is a 400 or a 404', () => {
  let app: App;
  let adminCookie: string | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    adminCookie = (await createMember(app, { isAdmin: true })).client.cookie;
  });

  it('walks the routes that take an id or a number (a control: the picture route is one)', () => {
    expect(routesWithIds.map(([name]) => name)).toEqual(
      expect.arrayContaining(['profilePicture', 'createThread', 'threads', 'reports']),
    );
  });

  it.each(routesWithIds)('on %s, signed out and as an admin', async (_name, route) => {
    const failures: string[] = [];
    for (const call of callsFor(route)) {
      for (const who of ['signed out', 'admin'] as const) {
        // A fresh address per call keeps per-address limits from answering for the route.
        const client = new TestClient(app);
        if (who === 'admin') client.cookie = adminCookie;
        const headers: Record<string, string> = call.body === undefined ? {} : { 'content-type': 'application/json' };
        const response = await client.request(route.method, call.url, call.body, call.query, headers);
        const wrong = problem(response);
        if (wrong) failures.push(`${who} ${route.method} ${call.url.slice(0, 80)} [${call.label}]: ${wrong}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
