import { api } from '@enclave/protocol';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { readerOf } from '../auth/guards.ts';
import { fromContract } from '../http/contract-route.ts';
import { getCategory, listCategories } from './service.ts';

export const categoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(api.categories),
    handler: async (request) => listCategories(app, readerOf(request)),
  });

  app.route({
    ...fromContract(api.category),
    handler: async (request) => getCategory(app, readerOf(request), request.params.id),
  });
};
