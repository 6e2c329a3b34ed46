import { api, FORUM_TEXT, SECURITY } from '@enclave/protocol';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { admin, member, readerOf, staff, viewerOf } from '../auth/guards.ts';
import { fromContract } from '../http/contract-route.ts';
import { rateLimit } from '../http/rate-limits.ts';
import { sendSharedList } from '../http/shared-answers.ts';
import { approveThread, cancelGroupBuy, deleteThread, editThread, unapprovedThreads } from './moderation.ts';
import { createThread, getThread, listThreads } from './service.ts';

export const threadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(api.threads),
    handler: async (request, reply) => sendSharedList(reply, await listThreads(app, readerOf(request), request.query)),
  });

  app.route({
    ...fromContract(api.thread),
    handler: async (request) => getThread(app, readerOf(request), request.params.id),
  });

  app.route({
    ...fromContract(api.createThread),
    // Each new thread may go to every staff member's approval queue: a burst is refused, not queued.
    preHandler: [
      member,
      rateLimit(app, {
        name: 'thread-member',
        max: SECURITY.threadsPerMember,
        windowMs: SECURITY.threadWindowMs,
        by: 'member',
        message: FORUM_TEXT.threadRateLimited(SECURITY.threadsPerMember, SECURITY.threadWindowMs / 60_000),
      }),
      rateLimit(app, {
        name: 'thread-address',
        max: SECURITY.threadsPerAddress,
        windowMs: SECURITY.threadWindowMs,
        message: FORUM_TEXT.threadRateLimitedAddress,
      }),
    ],
    handler: async (request, reply) => reply.status(201).send(await createThread(app, viewerOf(request), request.body)),
  });

  app.route({
    ...fromContract(api.editThread),
    preHandler: admin,
    handler: async (request) => editThread(app, viewerOf(request), request.params.id, request.body),
  });

  app.route({
    ...fromContract(api.deleteThread),
    preHandler: staff,
    handler: async (request) => deleteThread(app, viewerOf(request), request.params.id),
  });

  app.route({
    ...fromContract(api.cancelGroupBuy),
    preHandler: staff,
    handler: async (request) => cancelGroupBuy(app, viewerOf(request), request.params.id, request.body.reason),
  });

  app.route({
    ...fromContract(api.unapprovedThreads),
    preHandler: staff,
    handler: async (request) => unapprovedThreads(app, viewerOf(request)),
  });

  app.route({
    ...fromContract(api.approveThread),
    preHandler: staff,
    handler: async (request) => approveThread(app, viewerOf(request), request.params.id),
  });
};
