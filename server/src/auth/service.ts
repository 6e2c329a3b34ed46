import {
  type AccountLockedDetails,
  AUTH_TEXT,
  type ClientSummary,
  ErrorCode,
  type LoginBody,
  type RegisterBody,
  type RegistrationReply,
  SECURITY,
  SERVER_TEXT,
  VALIDATION,
} from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest, conflict } from '../errors.ts';
import { claimSlot, type Database, isDuplicateKey, releaseSlots, slotsFreeAt } from '../storage/index.ts';
import {
  bumpSessionVersion,
  createAccount,
  emailKey,
  isEmailHeld,
  isNameHeld,
  markEmailVerified,
  storedMember,
  usernameKey,
} from '../users/accounts.ts';
import type { UserRecord } from '../users/user-model.ts';
import type { AuthContext } from './context.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords.ts';
import { checkVerificationCode, claimResend, sendVerificationCode } from './verification.ts';

/** Every failed sign-in step answers alike: an unknown name, a wrong password, a wrong second factor. */
export const invalidCredentials = () => new AppError(401, ErrorCode.Unauthenticated, SERVER_TEXT.invalidCredentials);

/** The name and email keys are the users domain's (its unique indexes); auth's callers still name them from here. */
export { emailKey, usernameKey };

/** What registering and signing in use: the accounts and attempt slots, the member directory's keys, the events. */
type SignInContext = Pick<AuthContext, 'mongo' | 'members' | 'events'>;

/** A member found by a key of the member directory (name or email), read from the database for a decision. */
const memberByKey = (app: Database, id: number | undefined) =>
  id === undefined ? Promise.resolve(null) : storedMember(app, id);

interface NameOwners {
  byName(username: string): Promise<unknown>;
  byEmail(email: string): Promise<unknown>;
}

/** Asked before registering: the member directory, read by key. */
const directory = (app: Pick<AuthContext, 'members'>): NameOwners => ({
  byName: async (username) => (await app.members.idByName(username)) !== undefined,
  byEmail: async (email) => (await app.members.idByEmail(email)) !== undefined,
});

/** Asked after the unique index refused an insert: the collection itself, since the winner may be another process's. */
const collection = (app: Database): NameOwners => ({
  byName: (username) => isNameHeld(app, username),
  byEmail: (email) => isEmailHeld(app, email),
});

/** Which unique key a registration collides with (FerretDB's error does not say). */
async function explainTaken(owners: NameOwners, username: string, email: string): Promise<AppError | null> {
  if (await owners.byName(username)) return conflict(AUTH_TEXT.usernameExists, ErrorCode.UsernameTaken);
  if (await owners.byEmail(email)) return conflict(AUTH_TEXT.emailInUse, ErrorCode.EmailTaken);
  return null;
}

/**
 * A new member under the unique name and email keys; a name or email already held is a 409 naming which. The
 * directory is asked first, and the collection after a refused insert (the winner may be another process's).
 */
export async function insertMember(
  app: SignInContext,
  fields: { username: string; email: string; password: string; isEmailVerified: boolean; isAdmin?: boolean },
): Promise<UserRecord> {
  const taken = await explainTaken(directory(app), fields.username, fields.email);
  if (taken) throw taken;
  let user: UserRecord;
  try {
    user = await createAccount(app, {
      username: fields.username.trim(),
      usernameKey: usernameKey(fields.username),
      email: emailKey(fields.email),
      passwordHash: await hashPassword(fields.password),
      isEmailVerified: fields.isEmailVerified,
      isAdmin: fields.isAdmin === true,
    });
  } catch (error) {
    // Two identical registrations racing: the unique index let one through.
    if (isDuplicateKey(error)) throw (await explainTaken(collection(app), fields.username, fields.email)) ?? error;
    throw error;
  }
  app.events.publish('member.changed', { userId: user.id });
  return user;
}

export async function register(
  app: FastifyInstance,
  body: RegisterBody,
): Promise<{ user: UserRecord; reply: RegistrationReply }> {
  if (body.password !== body.confirmPassword) {
    throw badRequest(VALIDATION.passwordsDontMatch, [
      { path: '/confirmPassword', message: VALIDATION.passwordsDontMatch },
    ]);
  }
  const verified = !app.config.REQUIRE_EMAIL_VERIFICATION;
  const user = await insertMember(app, { ...body, isEmailVerified: verified });
  let testVerificationCode: string | undefined;
  if (!verified) {
    await claimSlot(app, `resend:${user.id}`, 1, SECURITY.resendCooldownMs);
    testVerificationCode = await sendVerificationCode(app, user);
  }
  return {
    user,
    reply: {
      id: user.id,
      username: user.username,
      email: user.email,
      isEmailVerified: user.isEmailVerified,
      ...(testVerificationCode ? { testVerificationCode } : {}),
    },
  };
}

/**
 * Password check with a lock per name and address: 5 failures from one address lock that name there for 15
 * minutes, so an attacker elsewhere cannot lock a member out. The lock is keyed by the name as typed, and an
 * unknown name runs the same steps (a dummy hash), so no answer and no timing tells whether an account exists.
 */
export async function login(
  app: SignInContext,
  { username, password }: LoginBody,
  caller: { address: string; client: ClientSummary },
): Promise<UserRecord> {
  const { address } = caller;
  const user = await memberByKey(app, await app.members.idByName(username));
  const scope = `login:${usernameKey(username)}@${address}`;
  if (!(await claimSlot(app, scope, SECURITY.loginFailuresBeforeLock, SECURITY.loginLockMs))) {
    const until = (await slotsFreeAt(app, scope, SECURITY.loginLockMs)) ?? new Date();
    const details: AccountLockedDetails = { lockedUntil: until.toISOString() };
    throw new AppError(429, ErrorCode.AccountLocked, SERVER_TEXT.accountLocked(details.lockedUntil), details);
  }
  if (!(await verifyPassword(user?.passwordHash ?? DUMMY_HASH, password)) || !user) {
    // The member's activity log shows it (an unknown name has no log, and the answer is the same).
    if (user) app.events.publish('signIn.failed', { userId: user.id, client: caller.client });
    throw invalidCredentials();
  }
  await releaseSlots(app, scope);
  if (user.isBanned) throw new AppError(403, ErrorCode.Banned, SERVER_TEXT.banned);
  return user;
}

/** A deleted member's bounded tries (codes, resends) go with them: auth owns the slots it claims. */
export async function forgetAttempts(app: Database, userId: number): Promise<void> {
  await releaseSlots(app, new RegExp(`^[a-z]+:${userId}(:|$)`));
}

/** Bumping the session version ends every session of this member, on every device. */
export async function revokeSessions(
  app: Pick<AuthContext, 'mongo' | 'events'>,
  userId: number,
  reason: 'banned' | 'password_changed' | 'factors_reset' | 'deleted',
): Promise<UserRecord | null> {
  const user = await bumpSessionVersion(app, userId);
  // The new version reaches every process's member directory before the sign-out reaches its sockets.
  app.events.publish('member.changed', { userId });
  app.events.publish('session.revoked', { userId, reason });
  return user;
}

async function userForVerification(
  app: Pick<AuthContext, 'mongo' | 'members'>,
  viewer: UserRecord | null,
  email: string | undefined,
): Promise<UserRecord | null> {
  if (viewer) return viewer;
  if (!email) throw badRequest(VALIDATION.noEmailForVerification);
  return memberByKey(app, await app.members.idByEmail(email));
}

export async function verifyEmail(
  app: FastifyInstance,
  viewer: UserRecord | null,
  { code, email }: { code: string; email?: string },
): Promise<UserRecord> {
  const user = await userForVerification(app, viewer, email);
  // A signed-out caller learns nothing about an address: unknown and already verified answer like a wrong code.
  if (!user || (user.isEmailVerified && !viewer)) {
    throw new AppError(400, ErrorCode.CodeInvalid, SERVER_TEXT.codeInvalid);
  }
  if (user.isEmailVerified) return user;
  await checkVerificationCode(app, user, code);
  const verified = await markEmailVerified(app, user.id);
  app.events.publish('member.changed', { userId: user.id });
  app.events.publish('email.verified', { userId: user.id });
  return verified as UserRecord;
}

export async function resendVerification(
  app: FastifyInstance,
  viewer: UserRecord | null,
  email: string | undefined,
): Promise<{ message: string; testVerificationCode?: string }> {
  const message = 'A new verification code has been sent to your email.';
  const user = await userForVerification(app, viewer, email);
  // Unknown or verified addresses get the same answer, so the call reveals no accounts.
  if (!user || user.isEmailVerified) return { message };
  await claimResend(app, user);
  const testVerificationCode = await sendVerificationCode(app, user);
  // The development code is shown only to the account's own session: to anyone else it would be the account.
  return testVerificationCode && viewer ? { message, testVerificationCode } : { message };
}
