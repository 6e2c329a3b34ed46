import { api } from '@enclave/protocol';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { member, viewerOf } from '../auth/guards.ts';
import { fromContract } from '../http/contract-route.ts';
import { listTransactions } from './service.ts';

export const walletRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(api.transactions),
    preHandler: member,
    handler: async (request) => listTransactions(app, viewerOf(request).id, request.query),
  });
};
