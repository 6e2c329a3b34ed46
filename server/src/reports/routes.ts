import { api } from '@enclave/protocol';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { member, staff, viewerOf } from '../auth/guards.ts';
import { fromContract } from '../http/contract-route.ts';
import { rateLimit } from '../http/rate-limits.ts';
import { approveReport, createReport, dismissReport, listReports } from './service.ts';

const HOUR = 60 * 60 * 1000;

export const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(api.createReport),
    preHandler: [member, rateLimit(app, { name: 'report', max: 20, windowMs: HOUR, by: 'member' })],
    handler: async (request, reply) => reply.status(201).send(await createReport(app, viewerOf(request), request.body)),
  });

  app.route({
    ...fromContract(api.reports),
    preHandler: staff,
    handler: async (request) => listReports(app, request.query),
  });

  app.route({
    ...fromContract(api.approveReport),
    preHandler: staff,
    handler: async (request) => approveReport(app, viewerOf(request), request.params.id),
  });

  app.route({
    ...fromContract(api.dismissReport),
    preHandler: staff,
    handler: async (request) => dismissReport(app, viewerOf(request), request.params.id),
  });
};
