import { api, SECURITY } from '@enclave/protocol';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { member } from '../auth/guards.ts';
import { fromContract } from '../http/contract-route.ts';
import { rateLimit } from '../http/rate-limits.ts';
import { cook } from './cook.ts';

/** The editor's Preview tab: a draft cooked exactly as a write cooks it, stored nowhere and told to no one. */
export const formattingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(api.preview),
    preHandler: [
      member,
      rateLimit(app, { name: 'preview', max: SECURITY.previewsPerMinute, windowMs: 60 * 1000, by: 'member' }),
    ],
    handler: async (request) => ({ cooked: (await cook(request.body.content, app.members)).cooked }),
  });
};
