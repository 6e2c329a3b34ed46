import { byNumericId, type Database, findAllByNumericId, findByNumericId, insertWithId } from '../storage/index.ts';
import { userModels } from './models.ts';
import type { UserRecord } from './user-model.ts';

/**
 * Members' accounts as stored: the reads and writes other domains make of an account (registration, sign-in,
 * email verification, sessions, bans and mutes), each one read or one write of the account by key. They tell
 * no one: the caller publishes `member.changed` (and whatever else it tells) when it always did. Lists and the
 * session check read the member directory (`app.members`) instead.
 */

/** A username's key under the unique index: 'Alice' and 'alice' are one name. */
export const usernameKey = (username: string) => username.trim().toLowerCase();
/** An email address as stored, under its unique index. */
export const emailKey = (email: string) => email.trim().toLowerCase();

/** The member as stored now (deleted ones included), one read by key: for a decision, not for a list. */
export function storedMember(app: Database, id: number): Promise<UserRecord | null> {
  return findByNumericId<UserRecord>(userModels(app).User, id);
}

/** The members with these ids as stored now (deleted ones included), one read by key each, in no particular order. */
export function storedMembers(app: Database, ids: Iterable<number>): Promise<UserRecord[]> {
  return findAllByNumericId<UserRecord>(userModels(app).User, ids);
}

/** Whether an account holds this name (any case), asked of the collection itself: the holder may be another process's. */
export async function isNameHeld(app: Database, username: string): Promise<boolean> {
  return (await userModels(app).User.exists({ usernameKey: usernameKey(username) })) !== null;
}

/** Whether an account holds this email address, asked of the collection itself. */
export async function isEmailHeld(app: Database, email: string): Promise<boolean> {
  return (await userModels(app).User.exists({ email: emailKey(email) })) !== null;
}

/** What a new account starts with: the name and email keys are the caller's, already made with the helpers above. */
export interface NewAccount {
  username: string;
  usernameKey: string;
  email: string;
  passwordHash: string;
  isEmailVerified: boolean;
  isAdmin: boolean;
}

/**
 * A new account under the next numeric id. The unique name and email indexes decide between two identical
 * registrations: the loser's insert throws a duplicate-key error, which the caller explains.
 */
export async function createAccount(app: Database, account: NewAccount): Promise<UserRecord> {
  return (await insertWithId(userModels(app).User, account as Omit<UserRecord, 'id'>)) as UserRecord;
}

/** A fresh verification code (its HMAC, nonce and times) replaces any earlier one. */
export async function storeVerificationCode(
  app: Database,
  userId: number,
  verification: { codeHash: string; nonce: string; expiresAt: Date; sentAt: Date },
): Promise<void> {
  await userModels(app).User.updateOne(byNumericId(userId), { $set: { verification } });
}

/** The email is verified and the code is spent; the account as it is after. */
export async function markEmailVerified(app: Database, userId: number): Promise<UserRecord | null> {
  return userModels(app)
    .User.findOneAndUpdate(
      byNumericId(userId),
      { $set: { isEmailVerified: true, verification: { codeHash: null, nonce: null, expiresAt: null, sentAt: null } } },
      { returnDocument: 'after' },
    )
    .lean<UserRecord>();
}

/** A new session version, which every session token carries: every older session ends. The account as it is after. */
export async function bumpSessionVersion(app: Database, userId: number): Promise<UserRecord | null> {
  return userModels(app)
    .User.findOneAndUpdate(byNumericId(userId), { $inc: { sessionVersion: 1 } }, { returnDocument: 'after' })
    .lean<UserRecord>();
}

/** The member is banned, by `actorId`, at `at`. */
export async function recordBan(app: Database, userId: number, actorId: number, at: Date): Promise<void> {
  await userModels(app).User.updateOne(byNumericId(userId), {
    $set: { isBanned: true, bannedBy: actorId, bannedAt: at },
  });
}

export async function liftBan(app: Database, userId: number): Promise<void> {
  await userModels(app).User.updateOne(byNumericId(userId), {
    $set: { isBanned: false, bannedBy: null, bannedAt: null },
  });
}

/** The member is muted until `mutedUntil`, by `actorId`: a new mute replaces the old end. */
export async function recordMute(app: Database, userId: number, mutedUntil: Date, actorId: number): Promise<void> {
  await userModels(app).User.updateOne(byNumericId(userId), { $set: { mutedUntil, mutedBy: actorId } });
}

export async function liftMute(app: Database, userId: number): Promise<void> {
  await userModels(app).User.updateOne(byNumericId(userId), { $set: { mutedUntil: null, mutedBy: null } });
}

/** Which second factors are on (the factors domain's summary of them), for the sign-in and staff gates. */
export async function recordSecondFactors(app: Database, userId: number, kinds: string[]): Promise<void> {
  await userModels(app).User.updateOne(byNumericId(userId), { $set: { secondFactors: kinds } });
}
