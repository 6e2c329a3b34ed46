import { api } from '@enclave/protocol';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fromContract } from '../http/contract-route.ts';
import { isDatabaseReachable } from '../storage/index.ts';

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

  app.route({
    ...fromContract(api.ready),
    handler: async (_request, reply) => {
      const connected = await isDatabaseReachable(app.mongo);
      const readModels = { forum: app.forum.loaded, members: app.members.loaded, categories: app.categories.loaded };
      const loaded = Object.values(readModels).every(Boolean);
      const status = !connected ? 'degraded' : loaded ? 'ready' : 'starting';
      return reply.status(status === 'ready' ? 200 : 503).send({ status, database: { connected }, readModels });
    },
  });
};
