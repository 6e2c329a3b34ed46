import { api, REACTION_LIMITS, REACTION_TEXT } from '@enclave/protocol';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { member, readerOf, viewerOf } from '../auth/guards.ts';
import { fromContract } from '../http/contract-route.ts';
import { rateLimit } from '../http/rate-limits.ts';
import { reactors, setReaction } from './service.ts';
import { forgetFolds } from './tally.ts';

export const reactionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // A restore, told to every process: what each folded may be past the restored lists.
  app.changes.on((change) => {
    if (change.kind === 'all') forgetFolds(app);
  });

  // Adding and removing share one allowance: both are writes, and toggling is what a flood would do.
  const reacting = [
    member,
    rateLimit(app, {
      name: 'reaction',
      max: REACTION_LIMITS.perWindow,
      windowMs: REACTION_LIMITS.windowMs,
      by: 'member',
      message: REACTION_TEXT.rateLimited,
    }),
  ];

  app.route({
    ...fromContract(api.react),
    preHandler: reacting,
    handler: async (request) => setReaction(app, viewerOf(request), request.params, true),
  });

  app.route({
    ...fromContract(api.unreact),
    preHandler: reacting,
    handler: async (request) => setReaction(app, viewerOf(request), request.params, false),
  });

  app.route({
    ...fromContract(api.reactors),
    handler: async (request) => reactors(app, readerOf(request), request.params, request.query),
  });
};
