import type { PasskeyChallenge } from '@enclave/protocol';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';

/**
 * What a test's `vi.mock('@simplewebauthn/browser', …)` answers with: the browser's side of a passkey, as the
 * library hands it over, and the server's challenge that asked for it.
 */
export const CHALLENGE: PasskeyChallenge = {
  options: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', allowCredentials: [] },
  challengeToken: 'challenge-token-1',
};

export const ASSERTION: AuthenticationResponseJSON = {
  id: 'Y3JlZC0x',
  rawId: 'Y3JlZC0x',
  type: 'public-key',
  response: { clientDataJSON: 'Y2xpZW50', authenticatorData: 'YXV0aA', signature: 'c2ln', userHandle: 'dXNlcg' },
  clientExtensionResults: {},
};

export const ATTESTATION: RegistrationResponseJSON = {
  id: 'Y3JlZC0y',
  rawId: 'Y3JlZC0y',
  type: 'public-key',
  response: { clientDataJSON: 'Y2xpZW50', attestationObject: 'YXR0', transports: ['internal'] },
  clientExtensionResults: {},
};

/** The browser's answer when the member closes its passkey prompt (or it times out). */
export function promptClosed(): Error {
  const error = new Error('The operation either timed out or was not allowed.');
  error.name = 'NotAllowedError';
  return error;
}

export const TEN_CODES = Array.from({ length: 10 }, (_, at) => `code${at}-abcd${at}`);
