import { api } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { fromContract } from '../http/contract-route.ts';

export async function healthRoutes(app: FastifyInstance) {
  app.route({
    ...fromContract(api.health),
    handler: async (_request, reply) => {
      const connected = app.mongo.readyState === 1;
      return reply.status(connected ? 200 : 503).send({
        status: connected ? 'ok' : 'degraded',
        database: { backend: app.config.database.backend, connected },
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  });
}
