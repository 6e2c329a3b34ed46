import { ErrorCode, SERVER_TEXT } from '@enclave/protocol';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findByNumericId } from '../db/ids.ts';
import { AppError } from '../errors.ts';
import type { UserRecord } from '../users/user-model.ts';

export const SESSION_COOKIE = 'enclave_session';
const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

interface SessionToken {
  sub: number;
  /** The user's sessionVersion when signed: a bump (logout, password change, ban) invalidates it. */
  sv: number;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: SessionToken;
    user: SessionToken;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, or null; loaded fresh on every request so bans apply at once. */
    viewer: UserRecord | null;
  }
  interface FastifyInstance {
    /** The member a session token stands for, or null when it is invalid, stale or banned. */
    resolveSession(token: string | undefined): Promise<UserRecord | null>;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Server-to-server callbacks, authenticated by their own signatures. */
const CSRF_EXEMPT = new Set(['/api/payments/ipn']);

/** Whether a session of this member, signed at `version`, still stands (not revoked, banned or deleted). */
export const sessionStands = (user: UserRecord | null, version: number): user is UserRecord =>
  user !== null && !user.isBanned && !user.deletedAt && user.sessionVersion === version;

export function issueSession(reply: FastifyReply, user: Pick<UserRecord, 'id' | 'sessionVersion'>) {
  const token = reply.server.jwt.sign({ sub: user.id, sv: user.sessionVersion }, { expiresIn: SESSION_TTL_SECONDS });
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.config.NODE_ENV === 'production',
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
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

export const sessionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyJwt, {
    secret: app.config.JWT_SECRET,
    cookie: { cookieName: SESSION_COOKIE, signed: false },
  });

  app.decorate('resolveSession', async (token: string | undefined) => {
    if (!token) return null;
    let claims: SessionToken;
    try {
      claims = app.jwt.verify<SessionToken>(token);
    } catch {
      return null;
    }
    const user = await findByNumericId(app.models.User, claims.sub);
    return sessionStands(user, claims.sv) ? user : null;
  });

  app.decorateRequest('viewer', null);
  app.addHook('onRequest', async (request, reply) => {
    assertNotCrossSiteForm(request);
    const token = request.cookies[SESSION_COOKIE];
    request.viewer = await app.resolveSession(token);
    if (token && !request.viewer) clearSession(reply);
  });
});
