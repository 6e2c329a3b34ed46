import { ErrorCode, SERVER_TEXT, type SignInMethod } from '@enclave/protocol';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { recordIdOf } from '../storage/index.ts';
import type { UserRecord } from '../users/user-model.ts';
import { describeClient } from './client-info.ts';
import type { AuthContext } from './context.ts';
import { authModels } from './models.ts';
import { SessionCache } from './session-cache.ts';
import { openSession, SESSION_TTL_SECONDS, type SessionToken, sessionKey } from './session-records.ts';

export const SESSION_COOKIE = 'enclave_session';

/** When and how a session was signed in: a sign-in is its own fresh proof for a few minutes (step-up.ts). */
export interface SignedIn {
  at: Date;
  method: SignInMethod;
}

/** A session that stands: its member, its id, and its sign-in. */
export interface ResolvedSession {
  user: UserRecord;
  sessionId: string;
  signedIn: SignedIn;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    /** A session's token, or a single-purpose one (a pending second step, a passkey challenge) that is never a session. */
    payload: SessionToken | { purpose: string };
    user: SessionToken;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, or null; as the member directory holds them now, so bans apply at once. */
    viewer: UserRecord | null;
    /** The id of the session the viewer signed in with (`2026-11.3`), or null. */
    sessionId: string | null;
    /** When and how that session was signed in, or null. */
    signedIn: SignedIn | null;
  }
  interface FastifyInstance {
    /** The session a token stands for, or null when it is invalid, expired, ended, or its member banned. */
    resolveSession(token: string | undefined): Promise<ResolvedSession | null>;
    sessionCache: SessionCache;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Server-to-server callbacks, authenticated by their own signatures. */
const CSRF_EXEMPT = new Set(['/api/payments/ipn']);

/** Last seen, written at most every few minutes per session and process (a write per request would double them). */
function markSeen(app: FastifyInstance, { user, sessionId }: ResolvedSession) {
  const key = sessionKey(user.id, sessionId) as string;
  if (!app.sessionCache.shouldTouch(key)) return;
  authModels(app)
    .SessionSeen.replaceOne({ _id: key }, { at: new Date() }, { upsert: true })
    .catch((err: unknown) => {
      app.log.warn({ err }, 'session last-seen not written');
    });
}

/** Whether a session of this member, signed at `version`, still stands by its member (not revoked, banned or deleted). */
const sessionStands = (user: UserRecord | null, version: number): user is UserRecord =>
  user !== null && !user.isBanned && !user.deletedAt && user.sessionVersion === version;

/**
 * The member of a session that still stands (not ended on its own; its member not revoked, banned or deleted),
 * else null: the member from the member directory, and whether the session ended (remembered per process), both
 * kept current by Changes, so a request reads nothing once they are warm.
 */
export async function standingMember(
  app: Pick<AuthContext, 'members' | 'sessionCache'>,
  userId: number,
  version: number,
  sessionId: string,
): Promise<UserRecord | null> {
  const key = sessionKey(userId, sessionId);
  if (!key) return null;
  const [user, ended] = await Promise.all([app.members.member(userId), app.sessionCache.hasEnded(key)]);
  return !ended && sessionStands(user, version) ? user : null;
}

/**
 * How a member came to be signed in: a sign-in method, or a password change signing this browser in again (with the
 * method this session had). Every one of these opens a session record.
 */
export type SignInVia = SignInMethod | 'password_change';

/** Signs `user` in on this browser: a session record, its token in the cookie, and 'session.started'. */
export async function signIn(
  request: FastifyRequest,
  reply: FastifyReply,
  user: Pick<UserRecord, 'id' | 'sessionVersion'>,
  via: SignInVia,
) {
  const client = describeClient(request);
  const method = via === 'password_change' ? (request.signedIn?.method ?? 'password') : via;
  const { token, session } = await openSession(reply.server, user, client, method);
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.config.NODE_ENV === 'production',
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
  });
  reply.server.events.publish('session.started', {
    userId: user.id,
    sessionId: recordIdOf(session),
    client,
    via,
  });
}

export function clearSession(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/**
 * A cross-site form can post urlencoded, multipart or plain text, and cannot set custom headers:
 * every state-changing call must be JSON or carry X-Requested-With.
 */
function assertNotCrossSiteForm(request: FastifyRequest) {
  if (!UNSAFE_METHODS.has(request.method) || CSRF_EXEMPT.has(request.url.split('?')[0] ?? '')) return;
  const type = request.headers['content-type'] ?? '';
  if (type.startsWith('application/json') || request.headers['x-requested-with']) return;
  throw new AppError(403, ErrorCode.CsrfRejected, SERVER_TEXT.csrf);
}

/** How many verified tokens a process keeps (the oldest goes first): one per member active at once, and more. */
const VERIFIED_TOKENS = 10_000;

/**
 * A token's signature checked once, not on each of its requests (an HMAC and a decode each, in issue #14's profile);
 * whether its session still stands is checked every time (standingMember). Kept by the token itself, until it expires:
 * fast-jwt's own cache keys each by a SHA-256 of the token, 4.6 % of the server's time under 20 members listing threads.
 */
function verifiedTokens(app: FastifyInstance): (token: string) => SessionToken {
  const verified = new Map<string, SessionToken & { exp: number }>();
  return (token) => {
    const known = verified.get(token);
    if (known && known.exp * 1000 > Date.now()) return known;
    const claims = app.jwt.verify<SessionToken & { exp?: number }>(token);
    if (typeof claims.exp !== 'number') return claims;
    if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value as string);
    verified.set(token, { ...claims, exp: claims.exp });
    return claims;
  };
}

async function session(app: FastifyInstance): Promise<void> {
  await app.register(fastifyJwt, {
    secret: app.config.JWT_SECRET,
    cookie: { cookieName: SESSION_COOKIE, signed: false },
  });
  const verified = verifiedTokens(app);

  app.decorate('sessionCache', new SessionCache(authModels(app).SessionEnd as never));
  // An end is told to every process (with REDIS_URL, over the adapter), each of which forgets the session.
  app.events.on('session.ended', ({ userId, sessionId }) =>
    app.changes.tell({ kind: 'session', key: sessionKey(userId, sessionId) as string }),
  );
  app.changes.on((change) => {
    if (change.kind === 'session') app.sessionCache.forget(change.key);
    if (change.kind === 'all') app.sessionCache.forgetAll();
  });

  app.decorate('resolveSession', async (token: string | undefined) => {
    if (!token) return null;
    let claims: SessionToken;
    try {
      claims = verified(token);
    } catch {
      return null;
    }
    // Every session token names its session record, and none has a purpose (a pending second step's token does).
    if (typeof claims.sid !== 'string' || claims.purpose !== undefined) return null;
    const user = await standingMember(app, claims.sub, claims.sv, claims.sid);
    const signedIn = { at: new Date((claims.iat ?? 0) * 1000), method: claims.m ?? 'password' };
    return user ? { user, sessionId: claims.sid, signedIn } : null;
  });

  app.decorateRequest('viewer', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('signedIn', null);
  app.addHook('onRequest', async (request, reply) => {
    assertNotCrossSiteForm(request);
    const token = request.cookies[SESSION_COOKIE];
    const session = await app.resolveSession(token);
    request.viewer = session?.user ?? null;
    request.sessionId = session?.sessionId ?? null;
    request.signedIn = session?.signedIn ?? null;
    if (token && !session) clearSession(reply);
    if (session) markSeen(app, session);
  });
}

// Named, so that fastify-plugin needs no stack trace to name it (at import, with source maps on, 0.2 s).
export const sessionPlugin = fp(session);
