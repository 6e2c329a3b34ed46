import { api, MESSAGE_TEXT, SECURITY } from '@enclave/protocol';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { member, viewerOf } from '../auth/guards.ts';
import { fromContract } from '../http/contract-route.ts';
import { rateLimit } from '../http/rate-limits.ts';
import { blockedMembers, blockMember, unblockMember } from './blocks.ts';
import { listMessages, markRead, sendMessage, unreadCountOf } from './service.ts';

export const privateMessageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const oneMessageAtATime = rateLimit(app, {
    name: 'message',
    max: 1,
    windowMs: SECURITY.messageIntervalMs,
    by: 'member',
  });

  app.route({
    ...fromContract(api.sendMessage),
    preHandler: [member, oneMessageAtATime],
    handler: async (request, reply) => reply.status(201).send(await sendMessage(app, viewerOf(request), request.body)),
  });

  app.route({
    ...fromContract(api.listMessages),
    preHandler: member,
    handler: async (request) => listMessages(app, viewerOf(request), request.query),
  });

  app.route({
    ...fromContract(api.unreadMessageCount),
    preHandler: member,
    handler: async (request) => ({ unreadCount: await unreadCountOf(app, viewerOf(request).id) }),
  });

  app.route({
    ...fromContract(api.markMessageRead),
    preHandler: member,
    handler: async (request) => markRead(app, viewerOf(request), request.params.id),
  });

  app.route({
    ...fromContract(api.blockMember),
    preHandler: member,
    handler: async (request) => blockMember(app, viewerOf(request), request.params.id),
  });

  app.route({
    ...fromContract(api.unblockMember),
    preHandler: member,
    handler: async (request) => {
      await unblockMember(app, viewerOf(request), request.params.id);
      return { message: MESSAGE_TEXT.unblocked };
    },
  });

  app.route({
    ...fromContract(api.blockedMembers),
    preHandler: member,
    handler: async (request) => ({ blocks: await blockedMembers(app, viewerOf(request)) }),
  });
};
