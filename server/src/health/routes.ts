import { api } from '@enclave/protocol';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isDatabaseReachable } from '../db/availability.ts';
import { fromContract } from '../http/contract-route.ts';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(api.health),
    handler: async (_request, reply) => {
      const connected = await isDatabaseReachable(app.mongo);
      return reply.status(connected ? 200 : 503).send({
        status: connected ? 'ok' : 'degraded',
        database: { backend: app.config.database.backend, connected },
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  });
};
