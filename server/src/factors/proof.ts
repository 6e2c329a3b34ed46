import type { ClientSummary, StepUpBody } from '@enclave/protocol';
import { FACTOR_TEXT } from '@enclave/protocol';
import type { FastifyRequest } from 'fastify';
import { verifyPassword } from '../auth/passwords.ts';
import { badRequest } from '../errors.ts';
import { hasSecondFactor } from '../users/standing.ts';
import type { UserRecord } from '../users/user-model.ts';
import { acceptAppCode } from './authenticator-app.ts';
import type { ProofKind } from './factor-model.ts';
import { factorsOf } from './member-factors.ts';
import { type Ceremony, verifiedPasskey } from './passkeys.ts';
import { noteSpent, spendRecoveryCode } from './recovery-codes.ts';

/**
 * One proof of who is at the keyboard, for a sign-in's second step or a step-up: a code from the authenticator app,
 * a passkey, a recovery code (spent, logged and mailed), or, only for a member without a second factor, the password.
 */

/** The kind of proof a body carries: exactly one, or a 400. */
function kindOf(body: StepUpBody): ProofKind {
  const given = (
    [
      ['password', body.password],
      ['app', body.code],
      ['recovery', body.recoveryCode],
      ['passkey', body.passkey],
    ] as const
  ).filter(([, value]) => value !== undefined);
  if (given.length !== 1) throw badRequest(FACTOR_TEXT.oneProof);
  return (given[0] as readonly [ProofKind, unknown])[0];
}

/** The proof's kind when it proves who `user` is; null when it does not (the caller answers, and counts the try). */
export async function checkProof(
  request: FastifyRequest,
  user: UserRecord,
  body: StepUpBody,
  ceremony: Extract<Ceremony, 'second-step' | 'step-up'>,
  client: ClientSummary,
): Promise<ProofKind | null> {
  const app = request.server;
  const kind = kindOf(body);
  if (kind === 'password') {
    if (hasSecondFactor(user)) throw badRequest(FACTOR_TEXT.passwordNotEnough);
    return (await verifyPassword(user.passwordHash, body.password as string)) ? kind : null;
  }
  if (kind === 'passkey') {
    return (await verifiedPasskey(request, ceremony, body.passkey as NonNullable<StepUpBody['passkey']>, user.id))
      ? kind
      : null;
  }
  const factors = await factorsOf(app, user.id);
  if (kind === 'app') {
    return factors.app && (await acceptAppCode(app, user.id, factors.app.secret, body.code as string)) ? kind : null;
  }
  const set = factors.recovery;
  const index = set ? await spendRecoveryCode(app, user.id, set, body.recoveryCode as string) : null;
  if (!set || index === null) return null;
  const left = await noteSpent(app, user.id, set.generation, index);
  app.events.publish('recoveryCode.used', { userId: user.id, client, left });
  return kind;
}
