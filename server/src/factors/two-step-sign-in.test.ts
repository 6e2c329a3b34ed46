import {
  type ActivityPage,
  type AuthenticatorAppSetup,
  api,
  type FactorAdded,
  type SecondStepRequired,
  type SessionList,
} from '@enclave/protocol';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.ts';
import { runCommand } from '../operations/commands.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember, DEFAULT_PASSWORD } from '../test/factories.ts';
import { type Mailbox, startMailbox } from '../test/mailbox.ts';
import type { UserRecord } from '../users/user-model.ts';
import { appCodeNow } from './authenticator-app.ts';

/**
 * The authenticator app and recovery codes end to end: enrolment, the two-step sign-in they gate, a replayed code
 * refused, tries exhausted, a recovery code used once. Every call goes through the routes, as a browser makes it.
 */

let app: App;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  app = await createTestApp({ SMTP_URL: mailbox.url });
});

const STEP_MS = 30_000;
/** Three codes the app accepts at any moment (one step either side of now): each can be used once. */
const codes = (secret: string) => ({
  before: appCodeNow(secret, Date.now() - STEP_MS),
  now: appCodeNow(secret, Date.now()),
  after: appCodeNow(secret, Date.now() + STEP_MS),
});

/** A member with the authenticator app on: its secret and the recovery codes shown at enrolment. */
async function memberWithApp() {
  const { user, client } = await createMember(app);
  const setup = await client.call(api.startAuthenticatorApp);
  expect(setup.statusCode).toBe(200);
  const { secret, uri } = setup.json<AuthenticatorAppSetup>();
  expect(uri).toMatch(/^otpauth:\/\/totp\/Enclave:/);
  const confirmed = await client.call(api.confirmAuthenticatorApp, { body: { code: codes(secret).before } });
  expect(confirmed.statusCode).toBe(200);
  const { recoveryCodes } = confirmed.json<FactorAdded>();
  return { user, client, secret, recoveryCodes: recoveryCodes as string[] };
}

async function passwordStep(user: UserRecord, client = new TestClient(app)) {
  const response = await client.call(api.login, { body: { username: user.username, password: DEFAULT_PASSWORD } });
  expect(response.statusCode).toBe(200);
  expect(client.cookie).toBeUndefined();
  return { client, step: response.json<SecondStepRequired>().secondStep };
}

const logOf = async (client: TestClient) => (await client.call(api.activity)).json<ActivityPage>().entries;

describe('the authenticator app', () => {
  it('is set up from a key, confirmed by its first code, and answers ten recovery codes once', async () => {
    const { user, client, recoveryCodes } = await memberWithApp();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const factors = (await client.call(api.securityFactors)).json();
    expect(factors.authenticatorApp).not.toBeNull();
    expect(factors.recoveryCodes.remaining).toBe(10);
    expect(JSON.stringify(factors)).not.toMatch(/secret|hashes|salt/);
    expect((await client.call(api.user)).json().hasSecondFactor).toBe(true);
    await vi.waitFor(() =>
      expect(mailbox.mails.some((m) => m.to.includes(user.email) && /added/.test(m.raw))).toBe(true),
    );
    await vi.waitFor(async () => expect((await logOf(client)).map((e) => e.kind)).toContain('factor_added'));
  });

  it('refuses a wrong first code and keeps the factor off', async () => {
    const { client } = await createMember(app);
    await client.call(api.startAuthenticatorApp);
    const response = await client.call(api.confirmAuthenticatorApp, { body: { code: '000000' } });
    expect(response.statusCode).toBe(400);
    expect((await client.call(api.user)).json().hasSecondFactor).toBe(false);
  });
});

describe('a password sign-in with a second factor', () => {
  it('opens no session until the second step, which a code from the app completes', async () => {
    const { user, secret } = await memberWithApp();
    const { client, step } = await passwordStep(user);
    expect(step.methods).toEqual(['app', 'recovery']);
    // The token is no session: sent as one, it signs no one in.
    const holder = new TestClient(app);
    holder.cookie = step.token;
    expect((await holder.call(api.user)).statusCode).toBe(401);
    const done = await client.call(api.secondStep, { body: { token: step.token, code: codes(secret).after } });
    expect(done.statusCode).toBe(200);
    expect(done.json().id).toBe(user.id);
    const sessions = (await client.call(api.sessions)).json<SessionList>().sessions;
    expect(sessions.find((session) => session.current)?.method).toBe('password+app');
  });

  it('answers a wrong code as a wrong password, and a used code or a spent token as wrong too', async () => {
    const { user, secret } = await memberWithApp();
    const wrongPassword = await new TestClient(app).call(api.login, {
      body: { username: user.username, password: 'not-the-password' },
    });
    const { client, step } = await passwordStep(user);
    const wrongCode = await client.call(api.secondStep, { body: { token: step.token, code: '123456' } });
    expect(wrongCode.statusCode).toBe(401);
    expect(wrongCode.json()).toEqual(wrongPassword.json());
    const code = codes(secret).now;
    expect((await client.call(api.secondStep, { body: { token: step.token, code } })).statusCode).toBe(200);
    // The same code again, on a new sign-in: refused, as is the spent token.
    const again = await passwordStep(user);
    expect((await again.client.call(api.secondStep, { body: { token: again.step.token, code } })).statusCode).toBe(401);
    const reused = await new TestClient(app).call(api.secondStep, {
      body: { token: step.token, code: codes(secret).after },
    });
    expect(reused.statusCode).toBe(401);
    await vi.waitFor(async () =>
      expect((await logOf(client)).map((e) => e.kind)).toEqual(expect.arrayContaining(['second_step_failed'])),
    );
  });

  it('locks the second step after five wrong codes from one address, even with the right one after', async () => {
    const { user, secret } = await memberWithApp();
    const { client, step } = await passwordStep(user);
    for (let i = 0; i < 5; i++) {
      expect((await client.call(api.secondStep, { body: { token: step.token, code: '000000' } })).statusCode).toBe(401);
    }
    const locked = await client.call(api.secondStep, { body: { token: step.token, code: codes(secret).after } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('ACCOUNT_LOCKED');
    expect(client.cookie).toBeUndefined();
  });

  it('takes a recovery code once: logged, mailed, and refused the second time', async () => {
    const { user, client: own, recoveryCodes } = await memberWithApp();
    const [code] = recoveryCodes as [string];
    const first = await passwordStep(user);
    const done = await first.client.call(api.secondStep, { body: { token: first.step.token, recoveryCode: code } });
    expect(done.statusCode).toBe(200);
    const second = await passwordStep(user);
    const refused = await second.client.call(api.secondStep, {
      body: { token: second.step.token, recoveryCode: code.toUpperCase() },
    });
    expect(refused.statusCode).toBe(401);
    expect((await own.call(api.securityFactors)).json().recoveryCodes.remaining).toBe(9);
    await vi.waitFor(() =>
      expect(mailbox.mails.some((m) => m.to.includes(user.email) && /recovery code was used/.test(m.raw))).toBe(true),
    );
    await vi.waitFor(async () => expect((await logOf(own)).map((e) => e.kind)).toContain('recovery_code_used'));
  });

  it('refuses a body with no proof, or with two', async () => {
    const { user, secret } = await memberWithApp();
    const { client, step } = await passwordStep(user);
    expect((await client.call(api.secondStep, { body: { token: step.token } })).statusCode).toBe(400);
    const both = await client.call(api.secondStep, {
      body: { token: step.token, code: codes(secret).after, recoveryCode: 'abcde-fghjk' },
    });
    expect(both.statusCode).toBe(400);
  });
});

describe('recovery codes', () => {
  it('are renewed after a step-up: the old ones stop working', async () => {
    const { user, client, secret, recoveryCodes } = await memberWithApp();
    const renewed = await client.call(api.regenerateRecoveryCodes);
    expect(renewed.statusCode).toBe(200);
    const { codes: fresh } = renewed.json();
    expect(fresh).toHaveLength(10);
    const { client: signer, step } = await passwordStep(user);
    const old = await signer.call(api.secondStep, { body: { token: step.token, recoveryCode: recoveryCodes[1] } });
    expect(old.statusCode).toBe(401);
    const ok = await signer.call(api.secondStep, { body: { token: step.token, recoveryCode: fresh[0] } });
    expect(ok.statusCode).toBe(200);
    expect(secret).toBeTruthy();
  });
});

describe("an operator's reset-factors", () => {
  it('turns every factor off for a member who lost them: their sessions end, the password signs in again', async () => {
    const { user, client } = await memberWithApp();
    const reset = await runCommand(app, ['reset-factors', user.username], {});
    expect(reset.code, reset.err.join()).toBe(0);
    expect(reset.out.join('\n')).toMatch(/second factors are off \(app\)/);
    expect((await client.call(api.user)).statusCode).toBe(401);
    const signedIn = await new TestClient(app).call(api.login, {
      body: { username: user.username, password: DEFAULT_PASSWORD },
    });
    expect(signedIn.json()).toMatchObject({ id: user.id, hasSecondFactor: false });
    await vi.waitFor(() =>
      expect(mailbox.mails.some((m) => m.to.includes(user.email) && /factor was removed/.test(m.raw))).toBe(true),
    );
  });
});
