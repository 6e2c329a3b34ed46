import {
  type AccountLockedDetails,
  AUTH_TEXT,
  ErrorCode,
  type LoginBody,
  type RegisterBody,
  type RegistrationReply,
  SECURITY,
  SERVER_TEXT,
  VALIDATION,
} from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { claimSlot, releaseSlots, slotsFreeAt } from '../db/attempt-slots.ts';
import { insertWithId, isDuplicateKey } from '../db/ids.ts';
import { AppError, badRequest, conflict } from '../errors.ts';
import type { UserRecord } from '../users/user-model.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords.ts';
import { checkVerificationCode, claimResend, sendVerificationCode } from './verification.ts';

export const usernameKey = (username: string) => username.trim().toLowerCase();
export const emailKey = (email: string) => email.trim().toLowerCase();

/** Which unique key a refused registration collided with (FerretDB's error does not say). */
async function explainTaken(app: FastifyInstance, username: string, email: string): Promise<AppError | null> {
  if (await app.models.User.exists({ usernameKey: usernameKey(username) })) {
    return conflict(AUTH_TEXT.usernameExists, ErrorCode.UsernameTaken);
  }
  if (await app.models.User.exists({ email: emailKey(email) })) {
    return conflict(AUTH_TEXT.emailInUse, ErrorCode.EmailTaken);
  }
  return null;
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
  const taken = await explainTaken(app, body.username, body.email);
  if (taken) throw taken;
  const verified = !app.config.REQUIRE_EMAIL_VERIFICATION;
  let user: UserRecord;
  try {
    user = (await insertWithId(app.models.User, {
      username: body.username.trim(),
      usernameKey: usernameKey(body.username),
      email: emailKey(body.email),
      passwordHash: await hashPassword(body.password),
      isEmailVerified: verified,
    } as Omit<UserRecord, 'id'>)) as UserRecord;
  } catch (error) {
    // Two identical registrations racing: the unique index let one through.
    if (isDuplicateKey(error)) throw (await explainTaken(app, body.username, body.email)) ?? error;
    throw error;
  }
  let testVerificationCode: string | undefined;
  if (!verified) {
    await claimSlot(app.models.AttemptSlot, `resend:${user.id}`, 1, SECURITY.resendCooldownMs);
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
  app: FastifyInstance,
  { username, password }: LoginBody,
  address: string,
): Promise<UserRecord> {
  const user = await app.models.User.findOne({ usernameKey: usernameKey(username) }).lean<UserRecord>();
  const scope = `login:${usernameKey(username)}@${address}`;
  if (!(await claimSlot(app.models.AttemptSlot, scope, SECURITY.loginFailuresBeforeLock, SECURITY.loginLockMs))) {
    const until = (await slotsFreeAt(app.models.AttemptSlot, scope, SECURITY.loginLockMs)) ?? new Date();
    const details: AccountLockedDetails = { lockedUntil: until.toISOString() };
    throw new AppError(429, ErrorCode.AccountLocked, SERVER_TEXT.accountLocked(details.lockedUntil), details);
  }
  if (!(await verifyPassword(user?.passwordHash ?? DUMMY_HASH, password)) || !user) {
    throw new AppError(401, ErrorCode.Unauthenticated, SERVER_TEXT.invalidCredentials);
  }
  await releaseSlots(app.models.AttemptSlot, scope);
  if (user.isBanned) throw new AppError(403, ErrorCode.Banned, SERVER_TEXT.banned);
  return user;
}

/** Bumping the session version invalidates every token of this member, on every device. */
export async function revokeSessions(
  app: FastifyInstance,
  userId: number,
  reason: 'banned' | 'password_changed' | 'logged_out' | 'deleted',
): Promise<UserRecord | null> {
  const user = await app.models.User.findOneAndUpdate(
    { id: userId },
    { $inc: { sessionVersion: 1 } },
    { new: true },
  ).lean<UserRecord>();
  app.events.publish('session.revoked', { userId, reason });
  return user;
}

async function userForVerification(
  app: FastifyInstance,
  viewer: UserRecord | null,
  email: string | undefined,
): Promise<UserRecord | null> {
  if (viewer) return viewer;
  if (!email) throw badRequest(VALIDATION.noEmailForVerification);
  return app.models.User.findOne({ email: emailKey(email) }).lean<UserRecord>();
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
  const verified = await app.models.User.findOneAndUpdate(
    { id: user.id },
    { $set: { isEmailVerified: true, verification: { codeHash: null, nonce: null, expiresAt: null, sentAt: null } } },
    { new: true },
  ).lean<UserRecord>();
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
