import argon2 from 'argon2';

/** argon2id with OWASP's minimum: 19 MiB, 2 iterations, 1 lane. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Compared against when the username is unknown, so timing does not reveal which names exist. */
export const DUMMY_HASH = await hashPassword('not-a-real-password');
