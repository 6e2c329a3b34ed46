import {
  api,
  type FactorAdded,
  type PasskeyChallenge,
  type SecondStepRequired,
  type SecurityFactors,
  type SessionList,
} from '@enclave/protocol';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember, DEFAULT_PASSWORD, signedInClient } from '../test/factories.ts';
import { SoftAuthenticator } from '../test/passkey-authenticator.ts';
import type { UserRecord } from '../users/user-model.ts';

/**
 * Passkeys through the routes, with a software authenticator answering as a browser would: added after a step-up,
 * a whole sign-in with no username typed, the second factor of a password sign-in, removed after a step-up. A
 * proof made for another origin, another member or another ceremony, or sent twice, opens nothing.
 */

const ORIGIN = 'http://localhost:3000';
let app: App;

beforeAll(async () => {
  app = await createTestApp({ PUBLIC_URL: ORIGIN });
});

async function addPasskey(client: TestClient, device: SoftAuthenticator, name = 'Laptop') {
  const challenge = (await client.call(api.passkeyOptions)).json<PasskeyChallenge>();
  const response = await device.register(challenge.options as unknown as PublicKeyCredentialCreationOptionsJSON);
  return client.call(api.addPasskey, { body: { name, challengeToken: challenge.challengeToken, response } });
}

/** A member with a passkey on `device` (added while their sign-in is fresh). */
async function memberWithPasskey() {
  const { user, client } = await createMember(app);
  const device = new SoftAuthenticator({ origin: ORIGIN });
  const added = await addPasskey(client, device);
  expect(added.statusCode).toBe(201);
  return { user, client, device, recoveryCodes: added.json<FactorAdded>().recoveryCodes };
}

async function assertion(
  challenge: PasskeyChallenge,
  device: SoftAuthenticator,
  overrides: Parameters<SoftAuthenticator['authenticate']>[1] = {},
) {
  const options = challenge.options as unknown as PublicKeyCredentialRequestOptionsJSON;
  return { challengeToken: challenge.challengeToken, response: await device.authenticate(options, overrides) };
}

const signInChallenge = async (client: TestClient) =>
  (await client.call(api.passkeySignInOptions)).json<PasskeyChallenge>();

describe('passkeys', () => {
  it('are added with a name, listed, and answer recovery codes with the first factor', async () => {
    const { client, device, recoveryCodes } = await memberWithPasskey();
    expect(recoveryCodes).toHaveLength(10);
    const second = await addPasskey(client, new SoftAuthenticator({ origin: ORIGIN }), 'Phone');
    expect(second.json<FactorAdded>().recoveryCodes).toBeNull();
    const factors = (await client.call(api.securityFactors)).json<SecurityFactors>();
    expect(factors.passkeys.map((passkey) => passkey.name)).toEqual(['Laptop', 'Phone']);
    expect(factors.passkeys[0]?.id).toBe(device.credentialIds()[0]);
    expect(JSON.stringify(factors)).not.toMatch(/publicKey|counter/);
  });

  it('sign a member in with no username typed, as a whole sign-in', async () => {
    const { user, device } = await memberWithPasskey();
    const browser = new TestClient(app);
    const response = await browser.call(api.passkeySignIn, {
      body: await assertion(await signInChallenge(browser), device),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(user.id);
    const sessions = (await browser.call(api.sessions)).json<SessionList>().sessions;
    expect(sessions.find((session) => session.current)?.method).toBe('passkey');
  });

  it('refuse a proof sent twice, made for another origin, or for another ceremony', async () => {
    const { device, client } = await memberWithPasskey();
    const browser = new TestClient(app);
    const proof = await assertion(await signInChallenge(browser), device);
    expect((await browser.call(api.passkeySignIn, { body: proof })).statusCode).toBe(200);
    const replayed = await new TestClient(app).call(api.passkeySignIn, { body: proof });
    expect(replayed.statusCode).toBe(401);
    const phished = await assertion(await signInChallenge(browser), device, { origin: 'https://enclave.example' });
    expect((await new TestClient(app).call(api.passkeySignIn, { body: phished })).statusCode).toBe(401);
    // A step-up's challenge is not a sign-in's.
    const stepUp = (await client.call(api.stepUpOptions)).json<PasskeyChallenge>();
    const borrowed = await assertion(stepUp, device);
    expect((await new TestClient(app).call(api.passkeySignIn, { body: borrowed })).statusCode).toBe(401);
  });

  it('are the second factor of a password sign-in, and only the member’s own', async () => {
    const { user, device } = await memberWithPasskey();
    const { device: otherDevice } = await memberWithPasskey();
    const step = await passwordStep(user);
    expect(step.secondStep.methods).toEqual(['passkey', 'recovery']);
    const browser = new TestClient(app);
    const challenge = (
      await browser.call(api.secondStepOptions, { body: { token: step.secondStep.token } })
    ).json<PasskeyChallenge>();
    // Another member's passkey, answering this member's challenge: refused.
    const foreign = await assertion(challenge, otherDevice, { credentialId: otherDevice.credentialIds()[0] });
    const refused = await browser.call(api.secondStep, { body: { token: step.secondStep.token, passkey: foreign } });
    expect(refused.statusCode).toBe(401);
    const fresh = (
      await browser.call(api.secondStepOptions, { body: { token: step.secondStep.token } })
    ).json<PasskeyChallenge>();
    const done = await browser.call(api.secondStep, {
      body: { token: step.secondStep.token, passkey: await assertion(fresh, device) },
    });
    expect(done.statusCode).toBe(200);
    const sessions = (await browser.call(api.sessions)).json<SessionList>().sessions;
    expect(sessions.find((session) => session.current)?.method).toBe('password+passkey');
  });

  it('are removed only after a step-up, which the passkey itself gives', async () => {
    const { user, device } = await memberWithPasskey();
    const stale = await staleSession(user);
    const id = device.credentialIds()[0] as string;
    const refused = await stale.call(api.removePasskey, { params: { id } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('STEP_UP_REQUIRED');
    // The password is no step-up for a member with a factor.
    const withPassword = await stale.call(api.stepUp, { body: { password: DEFAULT_PASSWORD } });
    expect(withPassword.statusCode).toBe(400);
    const challenge = (await stale.call(api.stepUpOptions)).json<PasskeyChallenge>();
    const steppedUp = await stale.call(api.stepUp, { body: { passkey: await assertion(challenge, device) } });
    expect(steppedUp.statusCode).toBe(200);
    expect((await stale.call(api.removePasskey, { params: { id } })).statusCode).toBe(200);
    expect((await stale.call(api.securityFactors)).json<SecurityFactors>()).toMatchObject({
      passkeys: [],
      recoveryCodes: null,
    });
    expect((await stale.call(api.user)).json().hasSecondFactor).toBe(false);
    // Gone: it signs no one in any more.
    const browser = new TestClient(app);
    const again = await browser.call(api.passkeySignIn, {
      body: await assertion(await signInChallenge(browser), device, { credentialId: id }),
    });
    expect(again.statusCode).toBe(401);
  });

  it('belong to their member: another member can neither rename nor remove one', async () => {
    const { device } = await memberWithPasskey();
    const { client: other } = await createMember(app);
    const id = device.credentialIds()[0] as string;
    expect((await other.call(api.renamePasskey, { params: { id }, body: { name: 'Mine' } })).statusCode).toBe(404);
    expect((await other.call(api.removePasskey, { params: { id } })).statusCode).toBe(404);
  });
});

async function passwordStep(user: UserRecord): Promise<SecondStepRequired> {
  const response = await new TestClient(app).call(api.login, {
    body: { username: user.username, password: DEFAULT_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** A session of `user` signed in ten minutes ago: no longer a fresh proof. */
async function staleSession(user: UserRecord): Promise<TestClient> {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 10 * 60 * 1000 });
  try {
    return await signedInClient(app, user);
  } finally {
    vi.useRealTimers();
  }
}
