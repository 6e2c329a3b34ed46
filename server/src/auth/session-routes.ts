import { api, SESSIONS_TEXT, type SessionInfo } from '@enclave/protocol';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../errors.ts';
import { fromContract } from '../http/contract-route.ts';
import { recordIdOf } from '../storage/index.ts';
import { signedIn, viewerOf } from './guards.ts';
import { clearSession } from './session.ts';
import { endSession, findSession, type StandingSession, standingSessions } from './session-records.ts';

function presentSession(session: StandingSession, currentId: string | null): SessionInfo {
  const id = recordIdOf(session);
  return {
    id,
    client: session.client,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    current: id === currentId,
    method: session.method ?? 'password',
  };
}

/** A member's own sessions: every call is under the viewer's id, so no one can name another member's session. */
export const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(api.sessions),
    preHandler: signedIn,
    // This session first, then the others newest first.
    handler: async (request) => ({
      sessions: (await standingSessions(app, viewerOf(request)))
        .map((session) => presentSession(session, request.sessionId))
        .sort((a, b) => Number(b.current) - Number(a.current)),
    }),
  });

  app.route({
    ...fromContract(api.endSession),
    preHandler: signedIn,
    handler: async (request, reply) => {
      const session = await findSession(app, viewerOf(request), request.params.id);
      if (!session) throw notFound(SESSIONS_TEXT.notFound);
      await endSession(app, session, 'ended');
      if (recordIdOf(session) === request.sessionId) clearSession(reply);
      return { message: SESSIONS_TEXT.ended };
    },
  });

  app.route({
    ...fromContract(api.endOtherSessions),
    preHandler: signedIn,
    handler: async (request) => {
      const others = (await standingSessions(app, viewerOf(request))).filter(
        (session) => recordIdOf(session) !== request.sessionId,
      );
      const ended = (await Promise.all(others.map((session) => endSession(app, session, 'ended')))).filter(Boolean);
      return { message: SESSIONS_TEXT.endedOthers(ended.length), ended: ended.length };
    },
  });
};
