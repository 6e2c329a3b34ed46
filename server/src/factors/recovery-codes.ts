import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { FACTOR_TEXT, SECURITY } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.ts';
import { claimSlot } from '../storage/index.ts';
import type { MemberFactorsRecord, RecoveryCodeSet } from './factor-model.ts';
import { changeFactors, kindsOn } from './member-factors.ts';

/**
 * Recovery codes: ten single-use codes of ten characters (about 50 bits each), shown once and kept as HMACs under a
 * random salt per set (fast to check, useless without the code; argon2 would cost ten hashes per try). Spending one
 * claims its slot under a unique key, so a code works once even when sent twice at the same instant.
 */

/** No 0/O, 1/l/I: read off paper and typed back. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const normalize = (code: string) => code.toLowerCase().replace(/-/g, '');
const hashOf = (salt: string, code: string) => createHmac('sha256', salt).update(normalize(code)).digest('base64url');

function newCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A new set (its codes to show once, and what is stored of them), numbered after `previous`. */
export function newRecoveryCodes(previous: RecoveryCodeSet | null): { codes: string[]; set: RecoveryCodeSet } {
  const codes = Array.from({ length: SECURITY.recoveryCodeCount }, newCode);
  const salt = randomBytes(16).toString('base64url');
  return {
    codes,
    set: {
      salt,
      hashes: codes.map((code) => hashOf(salt, code)),
      generation: (previous?.generation ?? 0) + 1,
      generatedAt: new Date(),
      used: [],
    },
  };
}

/** Spends `code` if it is one of the set's and unspent: answers its index, or null. */
export async function spendRecoveryCode(
  app: FastifyInstance,
  userId: number,
  set: RecoveryCodeSet,
  code: string,
): Promise<number | null> {
  const index = set.hashes.indexOf(hashOf(set.salt, code));
  if (index < 0) return null;
  return (await claimSlot(app, `recovery:${userId}:${set.generation}:${index}`, 1)) ? index : null;
}

export const codesLeft = (set: RecoveryCodeSet) => set.hashes.length - new Set(set.used).size;

/** A member's first factor comes with recovery codes (shown once); a later one keeps the set they have. */
export function codesForFirstFactor(factors: Pick<MemberFactorsRecord, 'recovery'>): {
  set: Partial<MemberFactorsRecord>;
  codes: string[] | null;
} {
  if (factors.recovery) return { set: {}, codes: null };
  const { codes, set } = newRecoveryCodes(null);
  return { set: { recovery: set }, codes };
}

/** A new set in place of the old (whose codes stop working at once): for a member with a factor on. */
export function renewRecoveryCodes(app: FastifyInstance, userId: number): Promise<string[]> {
  return changeFactors(app, userId, async (factors) => {
    if (kindsOn(factors).length === 0) throw badRequest(FACTOR_TEXT.noFactor);
    const { codes, set } = newRecoveryCodes(factors.recovery);
    return { set: { recovery: set }, answer: codes };
  });
}

/** Notes a spent code's index on the set it belongs to (the count shown); answers the codes left. */
export function noteSpent(app: FastifyInstance, userId: number, generation: number, index: number): Promise<number> {
  return changeFactors(app, userId, async (factors) => {
    const set = factors.recovery;
    if (!set || set.generation !== generation) return { set: {}, answer: 0 };
    const spent = { ...set, used: [...new Set([...set.used, index])] };
    return { set: { recovery: spent }, answer: codesLeft(spent) };
  });
}
