import { type ClientSummary, LIMITS, type SignInMethod } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import type { Model } from 'mongoose';
import {
  appendMonthly,
  claimOnce,
  type Database,
  itemKey,
  monthlyList,
  monthsSince,
  readItem,
  readRange,
  recordAt,
  recordIdOf,
  removeOwnerRecords,
} from '../storage/index.ts';
import type { UserRecord } from '../users/user-model.ts';
import type { AuthContext } from './context.ts';
import { authModels } from './models.ts';
import { SESSIONS, type SessionItem } from './session-model.ts';

export const SESSION_TTL_SECONDS = LIMITS.sessionDays * 24 * 60 * 60;

/** What a session token carries: the member, their session version at sign-in, and the session record's id. */
export interface SessionToken {
  sub: number;
  /** The user's sessionVersion when signed: a bump (password change, ban, deletion) invalidates it. */
  sv: number;
  /** The session record, `{YYYY-MM}.{n}`: ending it invalidates this token alone. */
  sid: string;
  /** How it was signed in (absent on tokens from before second factors: a password). */
  m?: SignInMethod;
  /** When it was signed (seconds), set by the signer: a sign-in is its own fresh proof for a few minutes. */
  iat?: number;
  /** Only the pending second step's tokens carry a purpose (pending-sign-in.ts): never a session. */
  purpose?: string;
}

/** Why a session ended on its own: the member ended it from another one, or logged out with it. */
export type SessionEndReason = 'ended' | 'logged_out';

export interface StandingSession extends SessionItem {
  lastSeenAt: Date;
}

const records = (app: Database) => authModels(app).SessionItem as unknown as Model<SessionItem>;

/** The item key of a session of this member, or null when `sessionId` is not a session id. */
export function sessionKey(userId: number, sessionId: string): string | null {
  const at = recordAt(SESSIONS.prefix, userId, sessionId);
  return at ? itemKey(at.list, at.n) : null;
}

/** Records a sign-in and answers the token that names it. */
export async function openSession(
  app: FastifyInstance,
  user: Pick<UserRecord, 'id' | 'sessionVersion'>,
  client: ClientSummary,
  method: SignInMethod,
): Promise<{ token: string; session: SessionItem }> {
  const session = await appendMonthly<SessionItem>(app, SESSIONS, user.id, () => ({
    userId: user.id,
    sessionVersion: user.sessionVersion,
    client,
    method,
    createdAt: new Date(),
  }));
  app.sessionCache.opened(session._id);
  const claims: SessionToken = { sub: user.id, sv: user.sessionVersion, sid: recordIdOf(session), m: method };
  return { token: app.jwt.sign(claims, { expiresIn: SESSION_TTL_SECONDS }), session };
}

const expiredBefore = () => new Date(Date.now() - SESSION_TTL_SECONDS * 1000);

/** Whether a record still stands: not expired, not ended by a version bump, not ended on its own. */
async function stands(
  app: Pick<AuthContext, 'sessionCache'>,
  user: UserRecord,
  session: SessionItem,
): Promise<boolean> {
  return (
    session.createdAt > expiredBefore() &&
    session.sessionVersion === user.sessionVersion &&
    !(await app.sessionCache.hasEnded(session._id))
  );
}

async function withLastSeen(app: Database, session: SessionItem): Promise<StandingSession> {
  const seen = await authModels(app).SessionSeen.findById(session._id).lean<{ at: Date }>();
  return { ...session, lastSeenAt: seen?.at ?? session.createdAt };
}

/** One standing session of this member, by its id: a few point reads. Null for anything else. */
export async function findSession(
  app: Pick<AuthContext, 'mongo' | 'sessionCache'>,
  user: UserRecord,
  sessionId: string,
): Promise<StandingSession | null> {
  const at = recordAt(SESSIONS.prefix, user.id, sessionId);
  const session = at ? await readItem(records(app), at.list, at.n) : null;
  return session && (await stands(app, user, session)) ? withLastSeen(app, session) : null;
}

/**
 * Every standing session of this member, newest first: the lists of the months a standing session can have
 * started in (a session lasts LIMITS.sessionDays), read a bucket at a time, then each candidate's end and
 * last-seen by key.
 */
export async function standingSessions(
  app: Omit<AuthContext, 'events' | 'members'>,
  user: UserRecord,
): Promise<StandingSession[]> {
  const lists = monthsSince(expiredBefore()).map((month) => monthlyList(SESSIONS.prefix, user.id, month));
  const signedIn = (
    await Promise.all(lists.map((list) => readRange(app, records(app), list, 1, Number.MAX_SAFE_INTEGER)))
  )
    .flat()
    .map((session) => ({ ...session, _id: itemKey(session.list, session.n) }));
  const standing = await Promise.all(
    signedIn.map(async (session) => ((await stands(app, user, session)) ? withLastSeen(app, session) : null)),
  );
  return standing
    .filter((session): session is StandingSession => session !== null)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/**
 * Ends one session: its end is inserted under the session's key (a second end of it is the same end), then
 * 'session.ended' tells every process to forget it and signs its sockets out. Answers whether this call ended it.
 */
export async function endSession(
  app: Pick<AuthContext, 'mongo' | 'events'>,
  session: SessionItem,
  reason: SessionEndReason,
): Promise<boolean> {
  if (!(await claimOnce(authModels(app).SessionEnd, { _id: session._id, at: new Date(), reason }))) return false;
  app.events.publish('session.ended', {
    userId: session.userId,
    sessionId: recordIdOf(session),
    client: session.client,
    reason,
  });
  return true;
}

/** A deleted account's session records (devices, networks) go with it, not at the end of their retention. */
export const forgetSessions = (app: FastifyInstance, userId: number) =>
  removeOwnerRecords(app, SESSIONS, userId, LIMITS.activityRetentionDays);
