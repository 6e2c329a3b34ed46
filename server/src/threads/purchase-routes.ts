import { api } from '@enclave/protocol';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { member, readerOf, viewerOf } from '../auth/guards.ts';
import { contribute, groupBuyStatus } from '../group-buys/service.ts';
import { fromContract } from '../http/contract-route.ts';
import { heldThreadIds } from './access.ts';
import { buyThread, checkUnlocked, unlockableCheck, unlockDiscussion } from './purchases.ts';

/** Premium purchase, the premium discussion and group buys: every coin moves through the ledger. */
export const purchaseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(api.spendCoins),
    preHandler: member,
    handler: async (request) => buyThread(app, viewerOf(request), request.body),
  });

  app.route({
    ...fromContract(api.unlockable),
    handler: async (request) => unlockableCheck(app, readerOf(request), request.params.id),
  });

  app.route({
    ...fromContract(api.checkUnlocked),
    handler: async (request) => checkUnlocked(app, readerOf(request), request.params.id),
  });

  app.route({
    ...fromContract(api.unlock),
    preHandler: member,
    handler: async (request) => unlockDiscussion(app, viewerOf(request), request.params.id, request.body.cost),
  });

  app.route({
    ...fromContract(api.groupBuyStatus),
    handler: async (request) => groupBuyStatus(app, readerOf(request), request.params.id),
  });

  app.route({
    ...fromContract(api.contribute),
    preHandler: member,
    handler: async (request) => contribute(app, viewerOf(request), request.params.id, request.body.amount),
  });

  app.route({
    ...fromContract(api.unlockedContent),
    preHandler: member,
    handler: async (request) => ({ threadIds: await heldThreadIds(app, viewerOf(request).id) }),
  });
};
