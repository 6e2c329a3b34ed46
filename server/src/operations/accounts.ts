import { randomBytes } from 'node:crypto';
import { RegisterBody } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import Value from 'typebox/value';
import { hashPassword } from '../auth/passwords.ts';
import { insertMember, revokeSessions } from '../auth/service.ts';
import { badRequest } from '../errors.ts';
import { logModeration, OPERATOR } from '../moderation/log.ts';
import { byNumericId } from '../storage/index.ts';
import { userModels } from '../users/models.ts';
import { findMemberByName } from '../users/service.ts';
import type { UserRecord } from '../users/user-model.ts';
import type { Role } from './command-line.ts';

/** A password to print once: 18 random bytes, 24 characters of base64url. */
export const generatedPassword = () => randomBytes(18).toString('base64url');

/** The first administrator (or another): the registration's rules, verified at once, no mail sent. */
export async function createAdmin(
  app: FastifyInstance,
  fields: { username: string; email: string; password: string },
): Promise<UserRecord> {
  const body = { ...fields, confirmPassword: fields.password };
  if (!Value.Check(RegisterBody, body)) {
    const [first] = Value.Errors(RegisterBody, body);
    throw badRequest(`${first?.instancePath.slice(1) || 'input'}: ${first?.message ?? 'invalid'}`);
  }
  return insertMember(app, { ...fields, isEmailVerified: true, isAdmin: true });
}

/** Makes a member an administrator, a moderator or neither; every process knows on the member's next request. */
export async function setRole(app: FastifyInstance, username: string, role: Role): Promise<UserRecord> {
  const member = await findMemberByName(app, username);
  const flags = { isAdmin: role === 'admin', isModerator: role === 'moderator' };
  await userModels(app).User.updateOne(byNumericId(member.id), { $set: flags });
  app.events.publish('member.changed', { userId: member.id });
  await logModeration(app, {
    actorId: OPERATOR.id,
    action: 'user.role',
    targetType: 'user',
    targetId: member.id,
    details: { role },
  });
  return { ...member, ...flags };
}

/** A new password for a member who lost theirs: every session ends, and the new one is answered to print once. */
export async function resetPassword(
  app: FastifyInstance,
  username: string,
): Promise<{ user: UserRecord; password: string }> {
  const member = await findMemberByName(app, username);
  const password = generatedPassword();
  await userModels(app).User.updateOne(byNumericId(member.id), {
    $set: { passwordHash: await hashPassword(password) },
  });
  await revokeSessions(app, member.id, 'password_changed');
  await logModeration(app, {
    actorId: OPERATOR.id,
    action: 'user.passwordReset',
    targetType: 'user',
    targetId: member.id,
  });
  return { user: member, password };
}
