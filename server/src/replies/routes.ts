import { api, FORUM_TEXT, SECURITY } from '@enclave/protocol';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { member, readerOf, viewerOf } from '../auth/guards.ts';
import { fromContract } from '../http/contract-route.ts';
import { rateLimit } from '../http/rate-limits.ts';
import { listReplies, reply } from './service.ts';

export const replyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(api.posts),
    handler: async (request) => listReplies(app, readerOf(request), request.params.id, request.query),
  });

  app.route({
    ...fromContract(api.reply),
    preHandler: [
      member,
      rateLimit(app, {
        name: 'reply',
        max: 1,
        windowMs: SECURITY.replyIntervalMs,
        by: 'member',
        message: FORUM_TEXT.replyRateLimited,
      }),
    ],
    handler: async (request, response) =>
      response.status(201).send(await reply(app, viewerOf(request), request.params.id, request.body.content)),
  });
};
