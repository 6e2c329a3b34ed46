import { type AuthenticatorAppSetup, api, type RouteContract, type StepUpReply } from '@enclave/protocol';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import type { TestClient } from '../test/client.ts';
import { createMember, DEFAULT_PASSWORD, signedInClient } from '../test/factories.ts';
import { aThread } from '../test/forum.ts';
import type { UserRecord } from '../users/user-model.ts';
import { appCodeNow } from './authenticator-app.ts';

/**
 * Step-up: what moves money or power asks for a proof of who is at the session within the last five minutes (its
 * sign-in, or a step-up since). Staff where the deployment requires it must have a second factor for any staff route.
 */

let app: App;

beforeAll(async () => {
  app = await createTestApp();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A session of `user` signed in ten minutes ago: what a stolen cookie is once its sign-in is not fresh. */
async function staleSession(user: UserRecord): Promise<TestClient> {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 10 * 60 * 1000 });
  try {
    return await signedInClient(app, user);
  } finally {
    vi.useRealTimers();
  }
}

/** Turns the authenticator app on for the member of `client` (whose session is fresh); answers its secret. */
async function turnOnApp(client: TestClient): Promise<string> {
  const { secret } = (await client.call(api.startAuthenticatorApp)).json<AuthenticatorAppSetup>();
  const confirmed = await client.call(api.confirmAuthenticatorApp, {
    body: { code: appCodeNow(secret, Date.now() - 30_000) },
  });
  expect(confirmed.statusCode).toBe(200);
  return secret;
}

const PASSWORD_CHANGE = { currentPassword: DEFAULT_PASSWORD, newPassword: 'new-secret', confirmPassword: 'new-secret' };

describe('a member without a second factor', () => {
  it('changes the password with the current one, however old the sign-in (the screens stay as they are)', async () => {
    const { user } = await createMember(app);
    const stale = await staleSession(user);
    expect((await stale.call(api.changePassword, { body: PASSWORD_CHANGE })).statusCode).toBe(200);
  });

  it('steps up with the password, and a wrong one is refused and counted', async () => {
    const { user } = await createMember(app);
    const stale = await staleSession(user);
    expect((await stale.call(api.startAuthenticatorApp)).json().code).toBe('STEP_UP_REQUIRED');
    const wrong = await stale.call(api.stepUp, { body: { password: 'not-it' } });
    expect(wrong.statusCode).toBe(400);
    expect(stale.cookie).toBeDefined();
    const right = await stale.call(api.stepUp, { body: { password: DEFAULT_PASSWORD } });
    expect(right.statusCode).toBe(200);
    expect(Date.parse(right.json<StepUpReply>().until)).toBeGreaterThan(Date.now() + 4 * 60 * 1000);
    expect((await stale.call(api.startAuthenticatorApp)).statusCode).toBe(200);
  });

  it('is locked out of step-ups after five wrong passwords from one address', async () => {
    const { user } = await createMember(app);
    const stale = await staleSession(user);
    for (let i = 0; i < 5; i++) await stale.call(api.stepUp, { body: { password: 'not-it' } });
    const locked = await stale.call(api.stepUp, { body: { password: DEFAULT_PASSWORD } });
    expect(locked.statusCode).toBe(429);
  });
});

describe('a member with a second factor', () => {
  it('changes the password or deletes the account only after a step-up with the factor', async () => {
    const { user, client } = await createMember(app);
    const secret = await turnOnApp(client);
    const stale = await staleSession(user);
    for (const [route, body] of [
      [api.changePassword, PASSWORD_CHANGE],
      [api.deleteAccount, { password: DEFAULT_PASSWORD }],
    ] as const) {
      const refused = await stale.call(route, { body });
      expect(refused.statusCode, route.url).toBe(403);
      expect(refused.json().code).toBe('STEP_UP_REQUIRED');
    }
    const steppedUp = await stale.call(api.stepUp, { body: { code: appCodeNow(secret, Date.now() + 30_000) } });
    expect(steppedUp.statusCode).toBe(200);
    expect((await stale.call(api.changePassword, { body: PASSWORD_CHANGE })).statusCode).toBe(200);
  });
});

describe('staff moves of money and power', () => {
  const MOVES: [string, RouteContract, { params?: Record<string, unknown>; body?: Record<string, unknown> }][] = [
    ['confirm a payment', api.confirmPayment, { params: { id: 1 }, body: { transactionHash: 'b'.repeat(64) } }],
    ['reject a payment', api.rejectPayment, { params: { id: 1 } }],
    ['grant coins', api.addUserCoins, { body: { userId: 1, amount: 5 } }],
    ['grant test coins', api.addCoins, { body: { amount: 5 } }],
    ['change the receiving addresses', api.saveCryptoWallets, { body: {} }],
  ];

  it.each(MOVES)('%s: refused on a stale session until a step-up', async (_what, route, input) => {
    const { user } = await createMember(app, { isAdmin: true });
    const stale = await staleSession(user);
    const refused = await stale.call(route, input);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('STEP_UP_REQUIRED');
    await stale.call(api.stepUp, { body: { password: DEFAULT_PASSWORD } });
    expect((await stale.call(route, input)).json().code).not.toBe('STEP_UP_REQUIRED');
  });

  it('a restore: refused on a stale session before the upload is read', async () => {
    const { user } = await createMember(app, { isAdmin: true });
    const stale = await staleSession(user);
    const refused = await stale.request('POST', api.databaseRestore.url, undefined, undefined, {
      'content-type': 'multipart/form-data; boundary=x',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('STEP_UP_REQUIRED');
  });

  it('a fresh sign-in is its own proof for five minutes', async () => {
    const { user: member } = await createMember(app);
    const { client: admin } = await createMember(app, { isAdmin: true });
    expect((await admin.call(api.addUserCoins, { body: { userId: member.id, amount: 5 } })).statusCode).toBe(200);
  });
});

describe('staff where a second factor is required (STAFF_REQUIRE_2FA)', () => {
  it('opens no staff route to staff without one, says why, and opens them once one is on', async () => {
    const strict = await createTestApp({ STAFF_REQUIRE_2FA: 'true' });
    const { client: admin } = await createMember(strict, { isAdmin: true });
    const { client: moderator } = await createMember(strict, { isModerator: true });
    for (const staff of [admin, moderator]) {
      const refused = await staff.call(api.adminStats);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('SECOND_FACTOR_REQUIRED');
      expect((await staff.call(api.user)).json().mustAddSecondFactor).toBe(true);
      expect((await staff.call(api.reports)).statusCode).toBe(403);
    }
    // A member is no staff: nothing asked of them.
    const { user: author, client: member } = await createMember(strict);
    expect((await member.call(api.user)).json().mustAddSecondFactor).toBe(false);
    // Nor do staff powers open through the member routes: a thread awaiting approval is not there for them yet.
    const pending = await aThread(strict, author, { title: 'Awaiting approval' }, { approved: false });
    expect((await admin.call(api.thread, { params: { id: pending.id } })).statusCode).toBe(404);
    const { secret } = (await admin.call(api.startAuthenticatorApp)).json<AuthenticatorAppSetup>();
    await admin.call(api.confirmAuthenticatorApp, { body: { code: appCodeNow(secret) } });
    expect((await admin.call(api.adminStats)).statusCode).toBe(200);
    expect((await admin.call(api.user)).json().mustAddSecondFactor).toBe(false);
    expect((await admin.call(api.thread, { params: { id: pending.id } })).statusCode).toBe(200);
  });
});
