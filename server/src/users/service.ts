import {
  AUTH_TEXT,
  type ChangePasswordBody,
  type ClientSummary,
  ErrorCode,
  LIMITS,
  type PrivacySettings,
  SERVER_TEXT,
  type UpdateProfileBody,
  VALIDATION,
} from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { forgetActivity } from '../activity/activity-log.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { forgetAttempts, revokeSessions, usernameKey } from '../auth/service.ts';
import { forgetSessions } from '../auth/session-records.ts';
import { AppError, badRequest, conflict, notFound } from '../errors.ts';
import { byNumericId, isDuplicateKey } from '../storage/index.ts';
import { closeWallet } from '../wallet/service.ts';
import type { DirectoryPart, EditContext, MemberContext } from './context.ts';
import { userModels } from './models.ts';
import type { UserRecord } from './user-model.ts';

/** A member who has not deleted their account, from the member directory (one read by key until it has loaded). */
export async function findMember(app: DirectoryPart<'member'>, id: number): Promise<UserRecord> {
  const user = await app.members.member(id);
  if (!user || user.deletedAt) throw notFound(SERVER_TEXT.userNotFound);
  return user;
}

/** The member holding this name (any case), found in the member directory and read by key. */
export async function findMemberByName(
  app: DirectoryPart<'member' | 'idByName'>,
  username: string,
): Promise<UserRecord> {
  const id = await app.members.idByName(username);
  return findMember(app, id ?? 0);
}

async function update(app: EditContext, id: number, set: Record<string, unknown>): Promise<UserRecord> {
  const updated = (await userModels(app)
    .User.findOneAndUpdate(byNumericId(id), { $set: set }, { returnDocument: 'after' })
    .lean<UserRecord>()) as UserRecord;
  app.events.publish('member.changed', { userId: id });
  return updated;
}

/** What a profile edit may change, as the member's activity log names it. */
export type ProfileField = 'username' | 'bio' | 'picture' | 'privacy';

/** The member's own edit, told to their activity log when it changed anything. */
function profileUpdated(app: Pick<MemberContext, 'events'>, userId: number, fields: ProfileField[]) {
  if (fields.length > 0) app.events.publish('profile.updated', { userId, fields });
}

export async function updateProfile(app: EditContext, user: UserRecord, body: UpdateProfileBody) {
  const set: Record<string, unknown> = {};
  const changed: ProfileField[] = [];
  if (body.username !== undefined && body.username.trim() !== user.username) {
    set.username = body.username.trim();
    set.usernameKey = usernameKey(body.username);
    changed.push('username');
  }
  if (body.bio !== undefined) {
    set.bio = body.bio.trim() || null;
    if (set.bio !== (user.bio ?? null)) changed.push('bio');
  }
  try {
    const updated = await update(app, user.id, set);
    profileUpdated(app, user.id, changed);
    return updated;
  } catch (error) {
    if (isDuplicateKey(error)) throw conflict(AUTH_TEXT.usernameExists, ErrorCode.UsernameTaken);
    throw error;
  }
}

// Only the known settings: the body schema lets unknown keys through, and they must not reach the database.
export async function updatePrivacy(
  app: EditContext,
  user: UserRecord,
  { defaultThreadPrivate, hideProfile }: PrivacySettings,
) {
  const updated = await update(app, user.id, { privacy: { defaultThreadPrivate, hideProfile } });
  const before = user.privacy ?? { defaultThreadPrivate: false, hideProfile: false };
  const isChanged = before.defaultThreadPrivate !== defaultThreadPrivate || before.hideProfile !== hideProfile;
  profileUpdated(app, user.id, isChanged ? ['privacy'] : []);
  return updated;
}

/** The accepted formats by their magic bytes, so libvips never parses anything else (SVG, TIFF, HEIF...). */
const PICTURE_FORMATS = [
  { format: 'jpeg', contentType: 'image/jpeg', magic: (data: Buffer) => data.subarray(0, 3).equals(JPEG_MAGIC) },
  { format: 'png', contentType: 'image/png', magic: (data: Buffer) => data.subarray(0, 8).equals(PNG_MAGIC) },
  {
    format: 'webp',
    contentType: 'image/webp',
    magic: (data: Buffer) => data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP',
  },
] as const;
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * JPEG, PNG or WebP by their magic bytes (never the declared type), at most 5000 px a side, re-encoded in the
 * same format. Pictures are public: re-encoding writes the pixels only, so EXIF (GPS included), XMP, ICC
 * profiles and comments of the original never leave the server. The orientation tag goes too, so the pixels
 * are turned upright first.
 */
export async function setProfilePicture(app: EditContext, user: UserRecord, data: Buffer): Promise<UserRecord> {
  const kind = PICTURE_FORMATS.find((candidate) => candidate.magic(data));
  if (!kind) throw badRequest(SERVER_TEXT.pictureType);
  const maxPixels = LIMITS.profilePicturePixels;
  // Loaded when first used: libvips takes a tenth of a second to load, on every start otherwise.
  const { default: sharp } = await import('sharp');
  const image = sharp(data, { limitInputPixels: maxPixels * maxPixels });
  const size = await image.metadata().catch(() => {
    throw badRequest(SERVER_TEXT.pictureType);
  });
  if (size.format !== kind.format) throw badRequest(SERVER_TEXT.pictureType);
  if (size.width > maxPixels || size.height > maxPixels) throw badRequest(SERVER_TEXT.picturePixels(maxPixels));
  const picture = await image
    .autoOrient()
    .toFormat(kind.format)
    .toBuffer()
    .catch(() => {
      throw badRequest(SERVER_TEXT.pictureType);
    });
  const version = user.profilePictureVersion + 1;
  await userModels(app).ProfilePicture.updateOne(
    byNumericId(user.id),
    { $set: { userId: user.id, contentType: kind.contentType, data: picture, version } },
    { upsert: true },
  );
  const updated = await update(app, user.id, { profilePictureVersion: version });
  profileUpdated(app, user.id, ['picture']);
  return updated;
}

/**
 * A wrong current password is a security event (someone at a signed-in browser trying passwords): the member's
 * activity log records it, with where it came from, as it records a failed sign-in.
 */
export async function changePassword(
  app: EditContext,
  user: UserRecord,
  body: ChangePasswordBody,
  client: ClientSummary,
) {
  if (body.newPassword !== body.confirmPassword) {
    throw badRequest(VALIDATION.passwordsDontMatch, [
      { path: '/confirmPassword', message: VALIDATION.passwordsDontMatch },
    ]);
  }
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    app.events.publish('password.changeFailed', { userId: user.id, client });
    throw new AppError(400, ErrorCode.Validation, 'Current password is incorrect');
  }
  await update(app, user.id, { passwordHash: await hashPassword(body.newPassword) });
  return (await revokeSessions(app, user.id, 'password_changed')) as UserRecord;
}

/**
 * A deleted member's name and email: from a namespace registration refuses ('#' is no username character and
 * there is no '@'), so no one can hold it first and a deletion can never collide.
 */
const tombstone = (id: number) => `deleted#${id}`;

/**
 * Deletion keeps the numeric id, so the member's threads and replies stay and read as
 * 'Anonymous', and removes everything personal. Coins leave through the wallet. The tombstone
 * is written first: everything after it only removes, so a retry finishes what a crash left.
 */
export async function deleteAccount(app: FastifyInstance, user: UserRecord, password: string) {
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError(400, ErrorCode.Validation, 'Password is incorrect');
  }
  await update(app, user.id, {
    username: tombstone(user.id),
    usernameKey: tombstone(user.id),
    email: tombstone(user.id),
    passwordHash: '!',
    bio: null,
    profilePictureVersion: 0,
    verification: { codeHash: null, nonce: null, expiresAt: null, sentAt: null },
    privacy: { defaultThreadPrivate: false, hideProfile: true },
    deletedAt: new Date(),
  });
  await userModels(app).ProfilePicture.deleteOne(byNumericId(user.id));
  await forgetAttempts(app, user.id);
  await closeWallet(app, user.id);
  await revokeSessions(app, user.id, 'deleted');
  await Promise.all([forgetSessions(app, user.id), forgetActivity(app, user.id)]);
}
