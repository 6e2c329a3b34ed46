import { api, LIMITS } from '@enclave/protocol';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { admin, staff, viewerOf } from '../auth/guards.ts';
import { fromContract } from '../http/contract-route.ts';
import { moderationLog } from './log.ts';
import { banMember, muteMember, unbanMember, unmuteMember } from './sanctions.ts';

/** The spec's ban and mute calls may come without a body: validate them as an empty one. */
async function bodyOptional(request: FastifyRequest) {
  request.body ??= {};
}

export const moderationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(api.banUser),
    preValidation: bodyOptional,
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
    preValidation: bodyOptional,
    preHandler: staff,
    handler: async (request) => unbanMember(app, viewerOf(request), request.params.id, request.body.reason),
  });

  app.route({
    ...fromContract(api.muteUser),
    preValidation: bodyOptional,
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
    preValidation: bodyOptional,
    preHandler: staff,
    handler: async (request) => unmuteMember(app, viewerOf(request), request.params.id, request.body.reason),
  });

  app.route({
    ...fromContract(api.moderationLog),
    preHandler: admin,
    handler: async (request) => moderationLog(app, request.query),
  });
};
