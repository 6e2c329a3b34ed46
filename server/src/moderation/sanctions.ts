import { ADMIN_TEXT, type OkReply } from '@enclave/protocol';
import { revokeSessions } from '../auth/service.ts';
import { conflict, forbidden } from '../errors.ts';
import { liftBan, liftMute, recordBan, recordMute } from '../users/accounts.ts';
import { findMember } from '../users/service.ts';
import { isMuted } from '../users/standing.ts';
import type { UserRecord } from '../users/user-model.ts';
import type { SanctionContext } from './context.ts';
import { logModeration } from './log.ts';
import { expectMuteEnd } from './mute-endings.ts';
import { canBeSanctioned } from './policy.ts';

const HOUR_MS = 60 * 60 * 1000;

async function sanctionable(app: Pick<SanctionContext, 'members'>, id: number): Promise<UserRecord> {
  const target = await findMember(app, id);
  if (!canBeSanctioned(target)) throw forbidden(ADMIN_TEXT.cannotSanctionStaff);
  return target;
}

/** Bans the member and signs every one of their tabs and devices out at once. */
export async function banMember(
  app: SanctionContext,
  actor: Pick<UserRecord, 'id'>,
  id: number,
  reason?: string,
): Promise<OkReply> {
  const target = await sanctionable(app, id);
  if (target.isBanned) throw conflict(ADMIN_TEXT.alreadyBanned(target.username));
  await recordBan(app, id, actor.id, new Date());
  app.events.publish('member.changed', { userId: id });
  await revokeSessions(app, id, 'banned');
  await logModeration(app, { actorId: actor.id, action: 'user.ban', targetType: 'user', targetId: id, reason });
  return { message: ADMIN_TEXT.banned(target.username) };
}

export async function unbanMember(
  app: SanctionContext,
  actor: Pick<UserRecord, 'id'>,
  id: number,
  reason?: string,
): Promise<OkReply> {
  const target = await findMember(app, id);
  if (!target.isBanned) throw conflict(ADMIN_TEXT.notBanned(target.username));
  await liftBan(app, id);
  app.events.publish('member.changed', { userId: id });
  app.events.publish('member.sanctionLifted', { userId: id, sanction: 'ban', actorId: actor.id, at: Date.now() });
  await logModeration(app, { actorId: actor.id, action: 'user.unban', targetType: 'user', targetId: id, reason });
  return { message: ADMIN_TEXT.unbanned(target.username) };
}

/** A muted member reads but cannot post, reply or message until `mutedUntil`; a new mute replaces the old end. */
export async function muteMember(
  app: SanctionContext,
  actor: UserRecord,
  id: number,
  hours: number,
  reason?: string,
): Promise<OkReply> {
  const target = await sanctionable(app, id);
  const mutedUntil = new Date(Date.now() + hours * HOUR_MS);
  // Its end is recorded first: a crash between the two leaves an end that tells nothing, never a mute untold.
  await expectMuteEnd(app, id, mutedUntil);
  await recordMute(app, id, mutedUntil, actor.id);
  app.events.publish('member.changed', { userId: id });
  await logModeration(app, {
    actorId: actor.id,
    action: 'user.mute',
    targetType: 'user',
    targetId: id,
    reason,
    details: { hours, mutedUntil: mutedUntil.toISOString() },
  });
  return { message: ADMIN_TEXT.muted(target.username, hours) };
}

export async function unmuteMember(
  app: SanctionContext,
  actor: UserRecord,
  id: number,
  reason?: string,
): Promise<OkReply> {
  const target = await findMember(app, id);
  if (!isMuted(target)) throw conflict(ADMIN_TEXT.notMuted(target.username));
  await liftMute(app, id);
  app.events.publish('member.changed', { userId: id });
  app.events.publish('member.sanctionLifted', { userId: id, sanction: 'mute', actorId: actor.id, at: Date.now() });
  await logModeration(app, { actorId: actor.id, action: 'user.unmute', targetType: 'user', targetId: id, reason });
  return { message: ADMIN_TEXT.unmuted(target.username) };
}
