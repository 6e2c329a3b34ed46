import { type AuthenticatorAppSetup, api, type RouteContract } from '@enclave/protocol';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { appCodeNow } from '../factors/authenticator-app.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { fill, type JsonSchema, paramNames, sample } from '../test/contract-samples.ts';
import { createMember, DEFAULT_PASSWORD } from '../test/factories.ts';
import { SESSION_COOKIE } from './session.ts';

/**
 * Only proof opens a session: a correct password (login) or a new account (register), and for a member with a second
 * factor, the password and then the factor (the second step) or a passkey. Every other route, called signed out with
 * input aimed at a real member (their id, name, email, a guessed code, their password), must answer without a
 * session cookie.
 */

let app: App;
let victim: Awaited<ReturnType<typeof createMember>>['user'];
/** A member with the authenticator app on: their password is known to the attacker, their app is not. */
let guarded: Awaited<ReturnType<typeof createMember>>['user'];

beforeAll(async () => {
  // Development mode without SMTP: the mode in which verification codes are shown, the likeliest way in.
  app = await createTestApp({ NODE_ENV: 'development' });
  ({ user: victim } = await createMember(app, { isAdmin: true }));
  const member = await createMember(app);
  guarded = member.user;
  const { secret } = (await member.client.call(api.startAuthenticatorApp)).json<AuthenticatorAppSetup>();
  await member.client.call(api.confirmAuthenticatorApp, { body: { code: appCodeNow(secret) } });
});

const opensSession = (response: LightMyRequestResponse) =>
  response.cookies.some((cookie) => cookie.name === SESSION_COOKIE && cookie.value !== '');

/** The contract's plausible body, aimed at `target` wherever a field names a member (with their password). */
function aimedBody(route: RouteContract, target = victim): unknown {
  if (route.multipart || route.method === 'GET') return undefined;
  const body = (sample(route.body as JsonSchema | undefined) ?? {}) as Record<string, unknown>;
  const aimed: Record<string, unknown> = {
    email: target.email,
    username: target.username,
    code: '000000',
    ...(target === guarded && { password: DEFAULT_PASSWORD }),
  };
  for (const key of Object.keys((route.body as JsonSchema | undefined)?.properties ?? {})) {
    if (key in aimed) body[key] = aimed[key];
    else if (/id$/i.test(key)) body[key] = target.id;
  }
  return body;
}

describe('only a password or a new account opens a session', () => {
  it.each(Object.entries(api) as [string, RouteContract][])(
    'signed out, %s aimed at a member sets no session cookie',
    async (_name, route) => {
      const values = { id: String(victim.id), username: victim.username };
      const path = Object.fromEntries(paramNames(route.url).map((n) => [n, values[n as 'id'] ?? String(victim.id)]));
      const response = await new TestClient(app).request(route.method, fill(route.url, path), aimedBody(route));
      expect(opensSession(response), `${route.method} ${route.url} answered ${response.statusCode}`).toBe(false);
    },
  );

  it.each(Object.entries(api) as [string, RouteContract][])(
    'with the right password of a member with a second factor, %s sets no session cookie',
    async (_name, route) => {
      const path = Object.fromEntries(paramNames(route.url).map((n) => [n, String(guarded.id)]));
      const response = await new TestClient(app).request(
        route.method,
        fill(route.url, path),
        aimedBody(route, guarded),
      );
      expect(opensSession(response), `${route.method} ${route.url} answered ${response.statusCode}`).toBe(false);
    },
  );

  it('a right verification code, sent signed out, verifies the address and signs no one in', async () => {
    const owner = new TestClient(app);
    const form = {
      username: 'newcomer',
      email: 'newcomer@example.test',
      password: 'secret1',
      confirmPassword: 'secret1',
    };
    const { testVerificationCode: code } = (await owner.call(api.register, { body: form })).json();
    const stranger = new TestClient(app);
    const response = await stranger.call(api.verifyEmail, { body: { code, email: form.email } });
    expect(response.statusCode).toBe(200);
    expect(opensSession(response)).toBe(false);
    expect((await stranger.call(api.user)).statusCode).toBe(401);
  });

  it('login with the right password and register with valid input do open one', async () => {
    const login = await new TestClient(app).call(api.login, {
      body: { username: victim.username, password: DEFAULT_PASSWORD },
    });
    expect(opensSession(login)).toBe(true);
    const register = await new TestClient(app).call(api.register, {
      body: { username: 'another1', email: 'another1@example.test', password: 'secret1', confirmPassword: 'secret1' },
    });
    expect(opensSession(register)).toBe(true);
  });
});
