import { api, SERVER_TEXT } from '@enclave/protocol';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fromContract } from '../http/contract-route.ts';
import { rateLimit } from '../http/rate-limits.ts';
import { presentMe } from '../users/presenter.ts';
import { hasSecondFactor } from '../users/standing.ts';
import { describeClient } from './client-info.ts';
import { signedIn, viewerOf } from './guards.ts';
import { pendingSignIn, secondStepMethods } from './pending-sign-in.ts';
import { login, register, resendVerification, verifyEmail } from './service.ts';
import { clearSession, signIn } from './session.ts';
import { endSession, findSession } from './session-records.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(api.register),
    preHandler: [
      rateLimit(app, { name: 'register-minute', max: 5, windowMs: MINUTE }),
      rateLimit(app, { name: 'register-hour', max: 20, windowMs: HOUR }),
    ],
    handler: async (request, reply) => {
      const { user, reply: body } = await register(app, request.body);
      await signIn(request, reply, user, 'registration');
      return reply.status(201).send(body);
    },
  });

  app.route({
    ...fromContract(api.login),
    preHandler: [
      rateLimit(app, { name: 'login-minute', max: 6, windowMs: MINUTE }),
      rateLimit(app, { name: 'login-hour', max: 30, windowMs: HOUR }),
    ],
    handler: async (request, reply) => {
      const user = await login(app, request.body, { address: request.ip, client: describeClient(request) });
      // With a second factor on, the password opens nothing yet: the second step does (factors/routes.ts).
      if (hasSecondFactor(user)) return pendingSignIn(app, user, secondStepMethods(user));
      await signIn(request, reply, user, 'password');
      return presentMe(app, user);
    },
  });

  app.route({
    ...fromContract(api.logout),
    // Ends this session, on every copy of its cookie and every tab of this browser; other devices stay signed in.
    handler: async (request, reply) => {
      const current =
        request.viewer && request.sessionId && (await findSession(app, request.viewer, request.sessionId));
      if (current) await endSession(app, current, 'logged_out');
      clearSession(reply);
      return { message: 'Logged out' };
    },
  });

  app.route({
    ...fromContract(api.user),
    preHandler: signedIn,
    handler: async (request) => presentMe(app, viewerOf(request)),
  });

  app.route({
    ...fromContract(api.verifyEmail),
    preHandler: [
      rateLimit(app, { name: 'verify-minute', max: 10, windowMs: MINUTE }),
      rateLimit(app, { name: 'verify-hour', max: 60, windowMs: HOUR }),
    ],
    // Verifying proves the address, nothing more: it never opens a session (only login and register do), and
    // only the member's own session is answered with their account.
    handler: async (request) => {
      const verified = await verifyEmail(app, request.viewer, request.body);
      if (request.viewer) return presentMe(app, verified);
      return { message: SERVER_TEXT.emailVerified, isEmailVerified: true as const };
    },
  });

  app.route({
    ...fromContract(api.resendVerification),
    preHandler: [
      rateLimit(app, { name: 'resend-minute', max: 3, windowMs: MINUTE }),
      rateLimit(app, { name: 'resend-hour', max: 20, windowMs: HOUR }),
    ],
    handler: async (request) => resendVerification(app, request.viewer, request.body.email),
  });
};
