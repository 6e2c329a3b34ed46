import { randomBytes } from 'node:crypto';
import { ErrorCode, FACTOR_TEXT, type PasskeyChallenge, type PasskeyProof, SECURITY } from '@enclave/protocol';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest, conflict } from '../errors.ts';
import { claimSlot, isDuplicateKey, readAllById, readById } from '../storage/index.ts';
import type { UserRecord } from '../users/user-model.ts';
import type { PasskeyRecord } from './factor-model.ts';
import { factorsOf } from './member-factors.ts';
import { factorModels } from './models.ts';

/**
 * Passkeys (WebAuthn) through @simplewebauthn/server. Each ceremony's challenge travels in a signed token naming what
 * it is for (and for whom), valid SECURITY.secondStepTtlMs and spent once, so a challenge is never stored and never
 * answered twice. Registration and every use require user verification (the device's PIN, fingerprint or face): a
 * passkey alone is a whole sign-in, two factors in one.
 */

export type Ceremony = 'register' | 'sign-in' | 'second-step' | 'step-up';

interface ChallengeClaims {
  purpose: 'webauthn';
  for: Ceremony;
  c: string;
  /** The member the ceremony is for; none for a sign-in with no username typed. */
  sub?: number;
}

const RP_NAME = 'Enclave';

/**
 * The relying party: PUBLIC_URL's origin and host (required in production). Elsewhere the page's own origin, or the
 * address the request came to (development on any port, tests): the browser binds a passkey to the origin it was
 * made at and writes that origin into what it signs, so no request can borrow another origin's.
 */
export function relyingParty(request: FastifyRequest): { origin: string; rpID: string } {
  const { PUBLIC_URL, NODE_ENV } = request.server.config;
  const here = request.headers.origin ?? `${request.protocol}://${request.host}`;
  const from = PUBLIC_URL ?? (NODE_ENV === 'production' ? undefined : here);
  if (!from) throw new AppError(503, ErrorCode.Unavailable, FACTOR_TEXT.passkeysUnavailable);
  const url = new URL(from);
  return { origin: url.origin, rpID: url.hostname };
}

function challengeToken(app: FastifyInstance, ceremony: Ceremony, challenge: string, userId?: number): string {
  const claims: ChallengeClaims = {
    purpose: 'webauthn',
    for: ceremony,
    c: challenge,
    ...(userId ? { sub: userId } : {}),
  };
  return app.jwt.sign(claims, { expiresIn: Math.floor(SECURITY.secondStepTtlMs / 1000) });
}

/** The challenge a token carries, if it is this ceremony's (and this member's), unexpired and unspent; spent now. */
async function spendChallenge(app: FastifyInstance, token: string, ceremony: Ceremony, userId?: number) {
  let claims: ChallengeClaims;
  try {
    claims = app.jwt.verify<ChallengeClaims>(token);
  } catch {
    return null;
  }
  if (claims.purpose !== 'webauthn' || claims.for !== ceremony || claims.sub !== userId) return null;
  return (await claimSlot(app, `webauthn:${claims.c}`, 1, 2 * SECURITY.secondStepTtlMs)) ? claims.c : null;
}

const newChallenge = () => randomBytes(32).toString('base64url');

/** simplewebauthn's options JSON, as the wire declares it (an object the browser library reads whole). */
const asWire = (options: object) => options as PasskeyChallenge['options'];

/** The member's passkeys, in the order added (their ids are on the member's factors). */
export async function passkeysOf(app: FastifyInstance, ids: string[]): Promise<PasskeyRecord[]> {
  const found = await readAllById<PasskeyRecord>(factorModels(app).Passkey, ids);
  return found.filter((passkey): passkey is PasskeyRecord => passkey !== null);
}

/** A member's own passkeys, from their factors: what a challenge offers them. */
export async function memberPasskeys(app: FastifyInstance, userId: number): Promise<PasskeyRecord[]> {
  return passkeysOf(app, (await factorsOf(app, userId)).passkeys);
}

export async function registrationChallenge(
  request: FastifyRequest,
  user: UserRecord,
  existing: PasskeyRecord[],
): Promise<PasskeyChallenge> {
  const { rpID } = relyingParty(request);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user.username,
    userID: new TextEncoder().encode(String(user.id)),
    challenge: newChallenge(),
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey._id, transports: passkey.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  return {
    options: asWire(options),
    challengeToken: challengeToken(request.server, 'register', options.challenge, user.id),
  };
}

/** A verified new passkey, stored (not yet on the member's list: the caller adds it). */
export async function storePasskey(
  request: FastifyRequest,
  user: UserRecord,
  body: { name: string; challengeToken: string; response: RegistrationResponseJSON },
): Promise<PasskeyRecord> {
  const app = request.server;
  const { origin, rpID } = relyingParty(request);
  const challenge = await spendChallenge(app, body.challengeToken, 'register', user.id);
  if (!challenge) throw badRequest(FACTOR_TEXT.passkeyRejected);
  const verification = await verifyRegistrationResponse({
    response: body.response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw badRequest(FACTOR_TEXT.passkeyRejected);
  const { credential } = verification.registrationInfo;
  const passkey: PasskeyRecord = {
    _id: credential.id,
    userId: user.id,
    name: body.name.trim(),
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? [],
    createdAt: new Date(),
    lastUsedAt: null,
  };
  try {
    await factorModels(app).Passkey.create(passkey);
  } catch (error) {
    if (isDuplicateKey(error)) throw conflict(FACTOR_TEXT.passkeyExists);
    throw error;
  }
  return passkey;
}

/** A challenge for using a passkey: any of the member's (`allowed`), or, with none named, any discoverable one. */
export async function useChallenge(
  request: FastifyRequest,
  ceremony: Exclude<Ceremony, 'register'>,
  allowed: PasskeyRecord[],
  userId?: number,
): Promise<PasskeyChallenge> {
  const { rpID } = relyingParty(request);
  const options = await generateAuthenticationOptions({
    rpID,
    challenge: newChallenge(),
    userVerification: 'required',
    allowCredentials: allowed.map((passkey) => ({ id: passkey._id, transports: passkey.transports })),
  });
  return {
    options: asWire(options),
    challengeToken: challengeToken(request.server, ceremony, options.challenge, userId),
  };
}

/**
 * The passkey a proof was made with, if it verifies for this ceremony (and is `userId`'s, when one is named); its
 * counter and last use are brought forward. Null for anything else: the caller answers as for a wrong password.
 */
export async function verifiedPasskey(
  request: FastifyRequest,
  ceremony: Exclude<Ceremony, 'register'>,
  proof: PasskeyProof,
  userId?: number,
): Promise<PasskeyRecord | null> {
  const app = request.server;
  const { origin, rpID } = relyingParty(request);
  const challenge = await spendChallenge(app, proof.challengeToken, ceremony, userId);
  if (!challenge) return null;
  const { Passkey } = factorModels(app);
  const passkey = await readById<PasskeyRecord>(Passkey, proof.response.id);
  if (!passkey || (userId !== undefined && passkey.userId !== userId)) return null;
  const verification = await verifyAuthenticationResponse({
    // The contract checked the shape; the library checks every value (the attachment's among them).
    response: proof.response as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: passkey._id,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
      counter: passkey.counter,
      transports: passkey.transports as never,
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) return null;
  const lastUsedAt = new Date();
  await Passkey.updateOne(
    { _id: passkey._id },
    { $set: { counter: verification.authenticationInfo.newCounter, lastUsedAt } },
  );
  return { ...passkey, counter: verification.authenticationInfo.newCounter, lastUsedAt };
}

export async function deletePasskey(app: FastifyInstance, id: string): Promise<void> {
  await factorModels(app).Passkey.deleteOne({ _id: id });
}

export async function renamePasskey(app: FastifyInstance, id: string, name: string): Promise<void> {
  await factorModels(app).Passkey.updateOne({ _id: id }, { $set: { name: name.trim() } });
}
