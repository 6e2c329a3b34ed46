import { type AddPasskeyBody, FACTOR_TEXT, type SecurityFactors } from '@enclave/protocol';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { steppedUpUntil } from '../auth/step-up.ts';
import { notFound } from '../errors.ts';
import { mustAddSecondFactor } from '../users/standing.ts';
import type { UserRecord } from '../users/user-model.ts';
import type { FactorKind } from './factor-model.ts';
import { changeFactors, factorsOf, kindsOn } from './member-factors.ts';
import { deletePasskey, passkeysOf, renamePasskey, storePasskey } from './passkeys.ts';
import { codesForFirstFactor, codesLeft } from './recovery-codes.ts';

/** The member's factors as their Security tab shows them: never a secret, a code or a key. */
export async function presentFactors(request: FastifyRequest, user: UserRecord): Promise<SecurityFactors> {
  const app = request.server;
  const factors = await factorsOf(app, user.id);
  const [passkeys, until] = await Promise.all([passkeysOf(app, factors.passkeys), steppedUpUntil(app, request)]);
  return {
    passkeys: passkeys.map((passkey) => ({
      id: passkey._id,
      name: passkey.name,
      createdAt: passkey.createdAt.toISOString(),
      lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
    })),
    authenticatorApp: factors.app ? { addedAt: factors.app.addedAt.toISOString() } : null,
    recoveryCodes: factors.recovery
      ? { remaining: codesLeft(factors.recovery), generatedAt: factors.recovery.generatedAt.toISOString() }
      : null,
    steppedUpUntil: until?.toISOString() ?? null,
    required: mustAddSecondFactor(user, app.config.STAFF_REQUIRE_2FA === true),
  };
}

/** A verified passkey joins the member's; answers the recovery codes to show once, if it is the first factor. */
export async function addPasskey(
  request: FastifyRequest,
  user: UserRecord,
  body: AddPasskeyBody,
): Promise<string[] | null> {
  const codes = await changeFactors(request.server, user.id, async (factors) => {
    const passkey = await storePasskey(request, user, { ...body, response: body.response as RegistrationResponseJSON });
    const first = codesForFirstFactor(factors);
    return { set: { passkeys: [...factors.passkeys, passkey._id], ...first.set }, answer: first.codes };
  });
  request.server.events.publish('factor.added', { userId: user.id, kind: 'passkey', name: body.name.trim() });
  return codes;
}

/** The member's passkey `id`, or a 404 (another member's is no one's to touch). */
async function ownPasskey(app: FastifyInstance, userId: number, id: string) {
  const factors = await factorsOf(app, userId);
  const [passkey] = factors.passkeys.includes(id) ? await passkeysOf(app, [id]) : [];
  if (!passkey) throw notFound(FACTOR_TEXT.passkeyNotFound);
  return passkey;
}

export async function renameOwnPasskey(app: FastifyInstance, userId: number, id: string, name: string) {
  await ownPasskey(app, userId, id);
  await renamePasskey(app, id, name);
}

/**
 * Every second factor of the member off, and the recovery codes void: what an operator does for a member who lost
 * their devices and codes (`npm run admin -- reset-factors NAME`). Answers the kinds that were on; each is mailed.
 */
export async function resetFactors(app: FastifyInstance, userId: number): Promise<FactorKind[]> {
  const { kinds, passkeys } = await changeFactors(app, userId, async (factors) => ({
    set: { passkeys: [], app: null, pendingApp: null, recovery: null },
    answer: { kinds: kindsOn(factors), passkeys: factors.passkeys },
  }));
  await Promise.all(passkeys.map((id) => deletePasskey(app, id)));
  for (const kind of kinds) app.events.publish('factor.removed', { userId, kind });
  return kinds;
}

/** The passkey off the member's list and gone; the recovery codes go too when no factor is left. */
export async function removeOwnPasskey(app: FastifyInstance, userId: number, id: string): Promise<void> {
  const passkey = await ownPasskey(app, userId, id);
  await changeFactors(app, userId, async (factors) => {
    const passkeys = factors.passkeys.filter((own) => own !== id);
    return { set: { passkeys, ...(passkeys.length === 0 && !factors.app && { recovery: null }) }, answer: undefined };
  });
  await deletePasskey(app, id);
  app.events.publish('factor.removed', { userId, kind: 'passkey', name: passkey.name });
}
