import { api } from '@enclave/protocol';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { signedIn, viewerOf } from '../auth/guards.ts';
import { fromContract } from '../http/contract-route.ts';
import { readActivity } from './activity-log.ts';

/** The member's own log: read under the viewer's id, so no one reads another member's. */
export const activityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(api.activity),
    preHandler: signedIn,
    handler: async (request) => readActivity(app, viewerOf(request).id, request.query),
  });
};
