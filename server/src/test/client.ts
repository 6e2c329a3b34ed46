import { randomInt } from 'node:crypto';
import { type BodyOf, pathOf, type RouteContract } from '@enclave/protocol';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { App } from '../app.ts';
import { SESSION_COOKIE } from '../auth/session.ts';
import { SECRETS } from './secrets.ts';

/**
 * A browser-like client for `app.inject`: keeps its session cookie, sends the CSRF header,
 * comes from its own address (so per-IP limits apply per client), and checks that no
 * answer leaks a secret.
 */
export class TestClient {
  cookie: string | undefined;
  readonly ip = `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 255)}`;

  constructor(readonly app: App) {}

  async call<R extends RouteContract>(
    contract: R,
    options: {
      params?: Record<string, unknown>;
      body?: BodyOf<R> | Record<string, unknown>;
      query?: Record<string, string>;
    } = {},
  ): Promise<LightMyRequestResponse> {
    return this.request(contract.method, pathOf(contract.url, options.params), options.body, options.query);
  }

  async request(
    method: string,
    url: string,
    body?: unknown,
    query?: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const response = await this.app.inject({
      method: method as 'GET',
      url,
      query,
      remoteAddress: this.ip,
      headers: {
        'x-requested-with': 'enclave',
        ...(this.cookie ? { cookie: `${SESSION_COOKIE}=${this.cookie}` } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    const setCookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    if (setCookie) this.cookie = setCookie.value || undefined;
    expect(response.body, `${method} ${url} leaked a secret`).not.toMatch(SECRETS);
    return response;
  }
}
