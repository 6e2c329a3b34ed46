import { ErrorCode, SERVER_TEXT } from '@enclave/protocol';
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

/** A session that stands: its member and its id. */
export interface ResolvedSession {
  user: UserRecord;
  sessionId: string;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: SessionToken;
    user: SessionToken;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, or null; as the member directory holds them now, so bans apply at once. */
    viewer: UserRecord | null;
    /** The id of the session the viewer signed in with (`2026-11.3`), or null. */
    sessionId: string | null;
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

/** How a member came to be signed in: every one of these opens a session record. */
export type SignInVia = 'login' | 'registration' | 'password_change';

/** Signs `user` in on this browser: a session record, its token in the cookie, and 'session.started'. */
export async function signIn(
  request: FastifyRequest,
  reply: FastifyReply,
  user: Pick<UserRecord, 'id' | 'sessionVersion'>,
  via: SignInVia,
) {
  const client = describeClient(request);
  const { token, session } = await openSession(reply.server, user, client);
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

async function session(app: FastifyInstance): Promise<void> {
  await app.register(fastifyJwt, {
    secret: app.config.JWT_SECRET,
    cookie: { cookieName: SESSION_COOKIE, signed: false },
    // A token's signature is checked once, not on each of its requests (an HMAC and a decode each, in issue #14's
    // profile); whether its session still stands is checked every time (standingMember).
    verify: { cache: 10_000, errorCacheTTL: 600_000 },
  });

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
      claims = app.jwt.verify<SessionToken>(token);
    } catch {
      return null;
    }
    // Every token names its session record: one that does not was not made here.
    if (typeof claims.sid !== 'string') return null;
    const user = await standingMember(app, claims.sub, claims.sv, claims.sid);
    return user ? { user, sessionId: claims.sid } : null;
  });

  app.decorateRequest('viewer', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request, reply) => {
    assertNotCrossSiteForm(request);
    const token = request.cookies[SESSION_COOKIE];
    const session = await app.resolveSession(token);
    request.viewer = session?.user ?? null;
    request.sessionId = session?.sessionId ?? null;
    if (token && !session) clearSession(reply);
    if (session) markSeen(app, session);
  });
}

// Named, so that fastify-plugin needs no stack trace to name it (at import, with source maps on, 0.2 s).
export const sessionPlugin = fp(session);
