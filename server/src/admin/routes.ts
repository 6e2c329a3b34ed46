import { api } from '@enclave/protocol';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { admin, staff, viewerOf } from '../auth/guards.ts';
import { steppedUp } from '../auth/step-up.ts';
import { listCategories } from '../categories/service.ts';
import { fromContract } from '../http/contract-route.ts';
import { moderationRoutes } from '../moderation/routes.ts';
import { receivingAddressMap } from '../payments/receiving-addresses.ts';
import { addCategory, deleteCategory, updateCategory } from './categories.ts';
import { grantCoins } from './coins.ts';
import { databaseRoutes } from './database/routes.ts';
import { listAdminThreads, listAdminUsers } from './listings.ts';
import { updateReceivingAddresses } from './receiving-addresses.ts';
import { adminStats } from './stats.ts';

/** The admin and moderator console. Every route names its role: `staff` (admins and moderators) or `admin`. */
export const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(moderationRoutes);
  await app.register(databaseRoutes);

  app.route({
    ...fromContract(api.adminUsers),
    preHandler: staff,
    handler: async (request) => listAdminUsers(app, viewerOf(request), request.query),
  });

  app.route({
    ...fromContract(api.adminThreads),
    preHandler: staff,
    handler: async (request) => listAdminThreads(app, viewerOf(request), request.query),
  });

  app.route({
    ...fromContract(api.adminStats),
    preHandler: staff,
    handler: async (request) => adminStats(app, request.query.range),
  });

  app.route({
    ...fromContract(api.addCoins),
    preHandler: [admin, steppedUp],
    handler: async (request) => {
      const actor = viewerOf(request);
      return grantCoins(app, actor, actor.id, request.body.amount);
    },
  });

  app.route({
    ...fromContract(api.addUserCoins),
    preHandler: [admin, steppedUp],
    handler: async (request) => grantCoins(app, viewerOf(request), request.body.userId, request.body.amount),
  });

  app.route({
    ...fromContract(api.adminCategories),
    preHandler: admin,
    handler: async (request) => listCategories(app, viewerOf(request)),
  });

  app.route({
    ...fromContract(api.createCategory),
    preHandler: admin,
    handler: async (request, reply) => reply.status(201).send(await addCategory(app, viewerOf(request), request.body)),
  });

  app.route({
    ...fromContract(api.updateCategory),
    preHandler: admin,
    handler: async (request) => updateCategory(app, viewerOf(request), request.params.id, request.body),
  });

  app.route({
    ...fromContract(api.deleteCategory),
    preHandler: admin,
    handler: async (request) => deleteCategory(app, viewerOf(request), request.params.id),
  });

  app.route({
    ...fromContract(api.cryptoWallets),
    preHandler: admin,
    handler: async () => receivingAddressMap(app),
  });

  app.route({
    ...fromContract(api.saveCryptoWallets),
    preHandler: [admin, steppedUp],
    handler: async (request) => updateReceivingAddresses(app, viewerOf(request), request.body),
  });
};
