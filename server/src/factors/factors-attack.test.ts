import { type AuthenticatorAppSetup, api, type RouteContract, type SecondStepRequired } from '@enclave/protocol';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.ts';
import { SESSION_COOKIE } from '../auth/session.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember, DEFAULT_PASSWORD, signedInClient } from '../test/factories.ts';
import type { UserRecord } from '../users/user-model.ts';
import { appCodeNow } from './authenticator-app.ts';

/**
 * An outsider against every route that signs someone in or changes a factor: signed out, holding the token of a
 * half-done sign-in (the password known, the factor not), and holding a stolen session cookie whose sign-in is no
 * longer fresh. None of them signs anyone in, adds, changes or removes a factor, or changes the password.
 */

let app: App;
let victim: UserRecord;
let secret: string;

beforeAll(async () => {
  app = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' });
  const created = await createMember(app);
  victim = created.user;
  ({ secret } = (await created.client.call(api.startAuthenticatorApp)).json<AuthenticatorAppSetup>());
  await created.client.call(api.confirmAuthenticatorApp, { body: { code: appCodeNow(secret, Date.now() - 30_000) } });
});
afterEach(() => {
  vi.useRealTimers();
});

const opensSession = (response: LightMyRequestResponse) =>
  response.cookies.some((cookie) => cookie.name === SESSION_COOKIE && cookie.value !== '');

/** Every route that changes a factor or the password, with a plausible body. */
const FACTOR_CHANGES: [string, RouteContract, { params?: Record<string, unknown>; body?: Record<string, unknown> }][] =
  [
    ['passkey options', api.passkeyOptions, {}],
    ['add a passkey', api.addPasskey, { body: { name: 'Mine', challengeToken: 'x', response: fakeRegistration() } }],
    ['rename a passkey', api.renamePasskey, { params: { id: 'abc' }, body: { name: 'Mine' } }],
    ['remove a passkey', api.removePasskey, { params: { id: 'abc' } }],
    ['set up an app', api.startAuthenticatorApp, {}],
    ['turn the app off', api.removeAuthenticatorApp, {}],
    ['new recovery codes', api.regenerateRecoveryCodes, {}],
    [
      'change the password',
      api.changePassword,
      { body: { currentPassword: DEFAULT_PASSWORD, newPassword: 'taken-over', confirmPassword: 'taken-over' } },
    ],
    ['delete the account', api.deleteAccount, { body: { password: DEFAULT_PASSWORD } }],
  ];

function fakeRegistration() {
  return {
    id: 'abc',
    rawId: 'abc',
    type: 'public-key',
    response: { clientDataJSON: 'e30', attestationObject: 'oA' },
    clientExtensionResults: {},
  };
}

async function halfDoneToken(): Promise<string> {
  const response = await new TestClient(app).call(api.login, {
    body: { username: victim.username, password: DEFAULT_PASSWORD },
  });
  expect(opensSession(response)).toBe(false);
  return response.json<SecondStepRequired>().secondStep.token;
}

async function stolenCookie(): Promise<TestClient> {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 10 * 60 * 1000 });
  try {
    return await signedInClient(app, victim);
  } finally {
    vi.useRealTimers();
  }
}

describe('an outsider changes no factor and no password', () => {
  it.each(FACTOR_CHANGES)('%s: signed out, refused', async (_what, route, input) => {
    const response = await new TestClient(app).call(route, input);
    expect(response.statusCode).toBe(401);
  });

  it.each(FACTOR_CHANGES)(
    '%s: with a half-done sign-in’s token as the cookie, refused',
    async (_what, route, input) => {
      const client = new TestClient(app);
      client.cookie = await halfDoneToken();
      const response = await client.call(route, input);
      expect(response.statusCode).toBe(401);
    },
  );

  it.each(FACTOR_CHANGES)('%s: with a stolen cookie and no step-up, refused', async (_what, route, input) => {
    const response = await (await stolenCookie()).call(route, input);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('STEP_UP_REQUIRED');
  });

  it('a stolen cookie cannot step up with the password, nor confirm an app it did not set up', async () => {
    const thief = await stolenCookie();
    expect((await thief.call(api.stepUp, { body: { password: DEFAULT_PASSWORD } })).statusCode).toBe(400);
    expect((await thief.call(api.confirmAuthenticatorApp, { body: { code: '123456' } })).statusCode).toBe(409);
    expect((await thief.call(api.user)).json().hasSecondFactor).toBe(true);
  });
});

describe('an outsider signs no one in', () => {
  it('the password alone, on every route that signs in, opens no session', async () => {
    for (const [route, body] of [
      [api.login, { username: victim.username, password: DEFAULT_PASSWORD }],
      [api.secondStep, { token: 'not-a-token', code: '123456' }],
      [api.passkeySignIn, { challengeToken: 'x', response: fakeAssertion() }],
    ] as const) {
      const response = await new TestClient(app).call(route, { body });
      expect(opensSession(response), route.url).toBe(false);
    }
  });

  it('a half-done token signs in only with the factor, and not as a session token', async () => {
    const token = await halfDoneToken();
    const holder = new TestClient(app);
    holder.cookie = token;
    expect((await holder.call(api.user)).statusCode).toBe(401);
    const guessed = await new TestClient(app).call(api.secondStep, { body: { token, code: '000000' } });
    expect(opensSession(guessed)).toBe(false);
    // A token for one member is not another's: a session cookie in its place is refused.
    const { client: other } = await createMember(app);
    const swapped = await new TestClient(app).call(api.secondStep, {
      body: { token: other.cookie as string, code: appCodeNow(secret) },
    });
    expect(swapped.statusCode).toBe(401);
    expect(opensSession(swapped)).toBe(false);
  });

  it('a passkey challenge made for a step-up or a second step does not sign in', async () => {
    const thief = await stolenCookie();
    const stepUp = (await thief.call(api.stepUpOptions)).json();
    const response = await new TestClient(app).call(api.passkeySignIn, {
      body: { challengeToken: stepUp.challengeToken, response: fakeAssertion() },
    });
    expect(response.statusCode).toBe(401);
  });
});

function fakeAssertion() {
  return {
    id: 'abc',
    rawId: 'abc',
    type: 'public-key',
    response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
    clientExtensionResults: {},
  };
}

describe('what the wire never carries', () => {
  it('no factor secret, hash or key leaves the server after enrolment', async () => {
    const { client } = await createMember(app);
    const factors = await client.call(api.securityFactors);
    expect(factors.body).not.toMatch(/"secret"|hashes|salt|publicKey|pendingApp/);
    const me = await client.call(api.user);
    expect(me.body).not.toMatch(/secondFactors|"secret"/);
  });
});
