import { type AddPasskeyBody, FACTOR_TEXT, type PasskeyChallenge, type PasskeyProof } from '@enclave/protocol';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/**
 * The browser's side of a passkey (WebAuthn), through @simplewebauthn/browser. The library loads when a passkey is
 * first asked for, never with a page's first screen.
 */
async function webAuthn() {
  const library = await import('@simplewebauthn/browser');
  if (!library.browserSupportsWebAuthn()) throw new Error(FACTOR_TEXT.passkeyUnsupported);
  return library;
}

/** Asks the browser for a passkey answering the server's challenge: a sign-in, a second step or a step-up. */
export async function provePasskey(challenge: PasskeyChallenge): Promise<PasskeyProof> {
  const { startAuthentication } = await webAuthn();
  const response = await startAuthentication({
    // The contract declares the options only as far as the server reads them; they are simplewebauthn's own JSON.
    optionsJSON: challenge.options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return { challengeToken: challenge.challengeToken, response: response as PasskeyProof['response'] };
}

/** Asks the browser to make a new passkey for the server's challenge. */
export async function createPasskey(
  challenge: PasskeyChallenge,
): Promise<Pick<AddPasskeyBody, 'challengeToken' | 'response'>> {
  const { startRegistration } = await webAuthn();
  const response = await startRegistration({
    optionsJSON: challenge.options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return { challengeToken: challenge.challengeToken, response: response as AddPasskeyBody['response'] };
}

/**
 * What to tell the member when a passkey was not given: the browser's prompt closed or timed out (NotAllowedError,
 * which browsers also use for "no passkey here"), or the authenticator already holds one for this account.
 */
export function passkeyFailureText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause : error;
  if (cause.name === 'NotAllowedError' || cause.name === 'AbortError') return FACTOR_TEXT.passkeyCancelled;
  if ('code' in error && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return FACTOR_TEXT.passkeyExists;
  return error.message;
}
