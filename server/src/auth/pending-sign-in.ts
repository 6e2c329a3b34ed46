import { randomBytes } from 'node:crypto';
import { SECURITY, type SecondStepMethod, type SecondStepRequired } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { claimSlot } from '../storage/index.ts';
import type { UserRecord } from '../users/user-model.ts';
import { invalidCredentials } from './service.ts';

/**
 * The step between a right password and a second factor: a token that names the member, their session version and
 * its purpose, signed, for SECURITY.secondStepTtlMs. The session check refuses any token with a purpose, so it opens
 * nothing but the second step, once (`spendPendingSignIn`).
 */

const PURPOSE = 'second-step';

interface PendingClaims {
  sub: number;
  sv: number;
  purpose: typeof PURPOSE;
  jti: string;
}

/** What can finish a member's second step: their factors, and a recovery code. */
export function secondStepMethods(user: Pick<UserRecord, 'secondFactors'>): SecondStepMethod[] {
  const on = user.secondFactors ?? [];
  return [
    ...(on.includes('app') ? ['app' as const] : []),
    ...(on.includes('passkey') ? ['passkey' as const] : []),
    'recovery',
  ];
}

export function pendingSignIn(
  app: FastifyInstance,
  user: Pick<UserRecord, 'id' | 'sessionVersion'>,
  methods: SecondStepMethod[],
): SecondStepRequired {
  const claims: PendingClaims = {
    sub: user.id,
    sv: user.sessionVersion,
    purpose: PURPOSE,
    jti: randomBytes(12).toString('base64url'),
  };
  const token = app.jwt.sign(claims, { expiresIn: Math.floor(SECURITY.secondStepTtlMs / 1000) });
  return { secondStep: { token, methods, expiresAt: new Date(Date.now() + SECURITY.secondStepTtlMs).toISOString() } };
}

/** The member a pending second step is for, still standing (not banned, deleted or signed out everywhere since). */
export async function readPendingSignIn(
  app: FastifyInstance,
  token: string,
): Promise<{ user: UserRecord; jti: string }> {
  let claims: PendingClaims;
  try {
    claims = app.jwt.verify<PendingClaims>(token);
  } catch {
    throw invalidCredentials();
  }
  if (claims.purpose !== PURPOSE || typeof claims.jti !== 'string') throw invalidCredentials();
  const user = await app.members.member(claims.sub);
  if (!user || user.isBanned || user.deletedAt || user.sessionVersion !== claims.sv) throw invalidCredentials();
  return { user, jti: claims.jti };
}

/** A pending second step is used once: the first success spends it, any other answers as a wrong password. */
export async function spendPendingSignIn(app: FastifyInstance, jti: string): Promise<void> {
  if (!(await claimSlot(app, `pending:${jti}`, 1, 2 * SECURITY.secondStepTtlMs))) throw invalidCredentials();
}
