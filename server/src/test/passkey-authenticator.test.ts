import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import { describe, expect, it } from 'vitest';
import { SoftAuthenticator } from './passkey-authenticator.ts';

const ORIGIN = 'http://localhost:3000';
const RP_ID = 'localhost';

/** A device with one discoverable passkey for alice, registered and verified as a server would. */
async function registered() {
  const device = new SoftAuthenticator({ origin: ORIGIN });
  const options = await generateRegistrationOptions({
    rpName: 'Enclave',
    rpID: RP_ID,
    userName: 'alice',
    userID: new TextEncoder().encode('1'),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const response = await device.register(options);
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: options.challenge,
    expectedOrigin: ORIGIN,
    expectedRPID: RP_ID,
    requireUserVerification: true,
  });
  return { device, options, response, verification };
}

/** Checks an assertion as a sign-in would. */
async function verifySignIn(
  response: Awaited<ReturnType<SoftAuthenticator['authenticate']>>,
  expectedChallenge: string,
  credential: WebAuthnCredential,
) {
  return verifyAuthenticationResponse({
    response,
    expectedChallenge,
    expectedOrigin: ORIGIN,
    expectedRPID: RP_ID,
    credential,
    requireUserVerification: true,
  });
}

describe('the software passkey authenticator', () => {
  it('registers a passkey that @simplewebauthn/server verifies', async () => {
    const { device, response, verification } = await registered();
    expect(verification.verified).toBe(true);
    expect(verification.registrationInfo?.credential.id).toBe(response.id);
    expect(verification.registrationInfo?.credential.counter).toBe(0);
    expect(verification.registrationInfo?.userVerified).toBe(true);
    expect(verification.registrationInfo?.credentialDeviceType).toBe('singleDevice');
    expect(device.credentialIds()).toEqual([response.id]);
  });

  it('signs in with it discoverably: counter 1, and the user handle is the user id', async () => {
    const { device, options: registration, verification } = await registered();
    const credential = verification.registrationInfo?.credential as WebAuthnCredential;
    const options = await generateAuthenticationOptions({ rpID: RP_ID, userVerification: 'required' });
    const response = await device.authenticate(options);
    const result = await verifySignIn(response, options.challenge, credential);
    expect(result.verified).toBe(true);
    expect(result.authenticationInfo.newCounter).toBe(1);
    expect(result.authenticationInfo.userVerified).toBe(true);
    expect(response.response.userHandle).toBe(registration.user.id);
    expect(Buffer.from(response.response.userHandle ?? '', 'base64url').toString()).toBe('1');
  });

  it('picks an allowed credential it holds, and refuses when it holds none', async () => {
    const { device, response: made, verification } = await registered();
    const credential = verification.registrationInfo?.credential as WebAuthnCredential;
    const options = await generateAuthenticationOptions({
      rpID: RP_ID,
      userVerification: 'required',
      allowCredentials: [{ id: 'AAAAAAAAAAAAAAAAAAAAAA' }, { id: made.id }],
    });
    const response = await device.authenticate(options);
    expect(response.id).toBe(made.id);
    expect((await verifySignIn(response, options.challenge, credential)).verified).toBe(true);

    device.forget(made.id);
    await expect(device.authenticate(options)).rejects.toThrow(/none of the allowed/);
  });

  it('has its forged origin and challenge refused', async () => {
    const { device, verification } = await registered();
    const credential = verification.registrationInfo?.credential as WebAuthnCredential;
    const options = await generateAuthenticationOptions({ rpID: RP_ID, userVerification: 'required' });
    const phished = await device.authenticate(options, { origin: 'https://evil.example' });
    await expect(verifySignIn(phished, options.challenge, credential)).rejects.toThrow(/origin/);
    const replayed = await device.authenticate(options, { challenge: 'c3RhbGUtY2hhbGxlbmdl' });
    await expect(verifySignIn(replayed, options.challenge, credential)).rejects.toThrow(/challenge/);
  });

  it('has a cloned counter refused', async () => {
    const { device, response: made, verification } = await registered();
    const credential = verification.registrationInfo?.credential as WebAuthnCredential;
    const first = await generateAuthenticationOptions({ rpID: RP_ID, userVerification: 'required' });
    const { authenticationInfo } = await verifySignIn(await device.authenticate(first), first.challenge, credential);
    device.setSignCount(made.id, 0);
    const second = await generateAuthenticationOptions({ rpID: RP_ID, userVerification: 'required' });
    const cloned = await device.authenticate(second);
    await expect(
      verifySignIn(cloned, second.challenge, { ...credential, counter: authenticationInfo.newCounter }),
    ).rejects.toThrow(/counter/);
  });

  it('refuses to register again for a credential it holds in excludeCredentials', async () => {
    const { device, response: made } = await registered();
    const options = await generateRegistrationOptions({
      rpName: 'Enclave',
      rpID: RP_ID,
      userName: 'alice',
      userID: new TextEncoder().encode('1'),
      excludeCredentials: [{ id: made.id }],
    });
    await expect(device.register(options)).rejects.toThrow(/excluded/);
    expect(device.credentialIds()).toEqual([made.id]);
  });
});
