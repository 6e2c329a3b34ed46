import { FACTOR_TEXT, SECURITY } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { badRequest, conflict } from '../errors.ts';
import { claimSlot } from '../storage/index.ts';
import type { UserRecord } from '../users/user-model.ts';
import { changeFactors } from './member-factors.ts';
import { codesForFirstFactor } from './recovery-codes.ts';

/**
 * The authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30 s, as every app reads it), through otpauth. A code is
 * accepted one step either side of now (clocks drift), and once: its step is claimed under a unique key, so a code
 * seen over a shoulder or replayed within its minute is refused, on every backend.
 */

const ISSUER = 'Enclave';
const STEP_SECONDS = 30;

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: STEP_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** Whether `code` is the app's for now (±1 step) and not used before by this member; a right code is spent. */
export async function acceptAppCode(
  app: FastifyInstance,
  userId: number,
  secret: string,
  code: string,
): Promise<boolean> {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, window: 1 });
  if (delta === null) return false;
  // Held for longer than the window a code is accepted in (three steps).
  return claimSlot(app, `appcode:${userId}:${totp.counter() + delta}`, 1, 4 * STEP_SECONDS * 1000);
}

/** A new secret, pending until its first code confirms it: what the QR code and the key shown carry. */
export function startAppSetup(app: FastifyInstance, user: UserRecord) {
  return changeFactors(app, user.id, async (factors) => {
    if (factors.app) throw conflict(FACTOR_TEXT.appAlreadyOn);
    const secret = new Secret({ size: 20 }).base32;
    const expiresAt = new Date(Date.now() + 2 * SECURITY.secondStepTtlMs);
    return {
      set: { pendingApp: { secret, expiresAt } },
      answer: { secret, uri: totpOf(secret, user.username).toString(), expiresAt: expiresAt.toISOString() },
    };
  });
}

/** The setup's first code turns the app on; answers the recovery codes to show once, if it is the first factor. */
export function confirmApp(app: FastifyInstance, userId: number, code: string): Promise<string[] | null> {
  return changeFactors(app, userId, async (factors) => {
    if (factors.app) throw conflict(FACTOR_TEXT.appAlreadyOn);
    const pending = factors.pendingApp;
    if (!pending || pending.expiresAt < new Date()) throw badRequest(FACTOR_TEXT.setupExpired);
    if (!(await acceptAppCode(app, userId, pending.secret, code))) throw badRequest(FACTOR_TEXT.wrongProof);
    const first = codesForFirstFactor(factors);
    return {
      set: { app: { secret: pending.secret, addedAt: new Date() }, pendingApp: null, ...first.set },
      answer: first.codes,
    };
  });
}

/** The app off; the recovery codes go too when no factor is left. */
export function removeApp(app: FastifyInstance, userId: number): Promise<void> {
  return changeFactors(app, userId, async (factors) => {
    if (!factors.app) throw badRequest(FACTOR_TEXT.appOff);
    return { set: { app: null, ...(factors.passkeys.length === 0 && { recovery: null }) }, answer: undefined };
  });
}

/** The code an app shows now for this secret: for tests and the demo seed, never sent anywhere. */
export const appCodeNow = (secret: string, timestamp = Date.now()) => totpOf(secret).generate({ timestamp });
