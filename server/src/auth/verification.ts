import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ErrorCode, type RetryAfterDetails, SECURITY, SERVER_TEXT } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import { claimSlot, type Database, releaseSlots } from '../storage/index.ts';
import { storeVerificationCode } from '../users/accounts.ts';
import type { UserRecord } from '../users/user-model.ts';

function hashCode(secret: string, nonce: string, code: string): string {
  return createHmac('sha256', secret).update(`${nonce}:${code}`).digest('hex');
}

/**
 * Issues a fresh 6-digit code (stored only as an HMAC, valid 15 minutes) and mails it.
 * Answers the code itself only in development without SMTP, the spec's `testVerificationCode`.
 */
export async function sendVerificationCode(app: FastifyInstance, user: UserRecord): Promise<string | undefined> {
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const nonce = randomBytes(12).toString('hex');
  const now = Date.now();
  await storeVerificationCode(app, user.id, {
    codeHash: hashCode(app.config.JWT_SECRET, nonce, code),
    nonce,
    expiresAt: new Date(now + SECURITY.verificationCodeTtlMs),
    sentAt: new Date(now),
  });
  app.events.publish('member.changed', { userId: user.id });
  try {
    await app.mailer.send({
      to: user.email,
      subject: `Your Enclave verification code: ${code}`,
      text: `Hello ${user.username},\n\nYour verification code is ${code}. It expires in 15 minutes.\n\nIf you did not create an Enclave account, ignore this email.\n`,
    });
  } catch (error) {
    app.log.error({ err: error, userId: user.id }, 'verification mail failed');
  }
  const showCode = !app.mailer.delivers && app.config.NODE_ENV !== 'production';
  return showCode ? code : undefined;
}

/** At most 5 tries per code: each try claims a slot under a unique index before the code is compared. */
export async function checkVerificationCode(app: FastifyInstance, user: UserRecord, code: string): Promise<void> {
  const { codeHash, nonce, expiresAt } = user.verification ?? {};
  if (!codeHash || !nonce || !expiresAt) throw new AppError(400, ErrorCode.CodeInvalid, SERVER_TEXT.codeInvalid);
  if (expiresAt.getTime() < Date.now()) throw new AppError(400, ErrorCode.CodeExpired, SERVER_TEXT.codeExpired);
  const scope = `verify:${user.id}:${nonce}`;
  if (!(await claimSlot(app, scope, SECURITY.verificationMaxAttempts))) {
    throw new AppError(429, ErrorCode.RateLimited, SERVER_TEXT.codeAttemptsExceeded);
  }
  const expected = Buffer.from(codeHash, 'hex');
  const given = Buffer.from(hashCode(app.config.JWT_SECRET, nonce, code), 'hex');
  if (!timingSafeEqual(expected, given)) throw new AppError(400, ErrorCode.CodeInvalid, SERVER_TEXT.codeInvalid);
  await releaseSlots(app, scope);
}

/** One resend a minute: the slot under a unique index expires after the cool-down, whose seconds left a refusal carries. */
export async function claimResend(app: Database, user: UserRecord): Promise<void> {
  const claimed = await claimSlot(app, `resend:${user.id}`, 1, SECURITY.resendCooldownMs);
  if (!claimed) {
    const sentAt = user.verification?.sentAt?.getTime() ?? Date.now();
    const seconds = Math.max(1, Math.ceil((sentAt + SECURITY.resendCooldownMs - Date.now()) / 1000));
    const details: RetryAfterDetails = { retryAfterSeconds: seconds };
    throw new AppError(429, ErrorCode.RateLimited, SERVER_TEXT.resendCooldown(seconds), details);
  }
}
