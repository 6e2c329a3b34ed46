import { api, LIMITS } from '@enclave/protocol';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { admin, staff, viewerOf } from '../auth/guards.ts';
import { fromContract } from '../http/contract-route.ts';
import { moderationLog } from './log.ts';
import { banMember, muteMember, unbanMember, unmuteMember } from './sanctions.ts';

export const moderationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(api.banUser),
    preHandler: staff,
    handler: async (request) => banMember(app, viewerOf(request), request.params.id, request.body.reason),
  });

  app.route({
    ...fromContract(api.banUserFromTable),
    preHandler: staff,
    handler: async (request) => banMember(app, viewerOf(request), request.body.userId, request.body.reason),
  });

  app.route({
    ...fromContract(api.unbanUser),
    preHandler: staff,
    handler: async (request) => unbanMember(app, viewerOf(request), request.params.id, request.body.reason),
  });

  app.route({
    ...fromContract(api.muteUser),
    preHandler: staff,
    handler: async (request) =>
      muteMember(
        app,
        viewerOf(request),
        request.params.id,
        request.body.duration ?? LIMITS.muteHoursDefault,
        request.body.reason,
      ),
  });

  app.route({
    ...fromContract(api.unmuteUser),
    preHandler: staff,
    handler: async (request) => unmuteMember(app, viewerOf(request), request.params.id, request.body.reason),
  });

  app.route({
    ...fromContract(api.moderationLog),
    preHandler: admin,
    handler: async (request) => moderationLog(app, request.query),
  });
};
