import { api } from '@enclave/protocol';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { member, viewerOf } from '../auth/guards.ts';
import { fromContract } from '../http/contract-route.ts';
import { preferencesOf, savePreferences } from './preferences.ts';
import { listNotifications, markRead } from './service.ts';

export const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(api.notifications),
    preHandler: member,
    handler: async (request) => listNotifications(app, viewerOf(request), request.query),
  });

  app.route({
    ...fromContract(api.markNotificationsRead),
    preHandler: member,
    handler: async (request) => markRead(app, viewerOf(request).id, request.body.upTo),
  });

  app.route({
    ...fromContract(api.notificationPreferences),
    preHandler: member,
    handler: async (request) => preferencesOf(app, viewerOf(request).id),
  });

  app.route({
    ...fromContract(api.saveNotificationPreferences),
    preHandler: member,
    handler: async (request) => savePreferences(app, viewerOf(request).id, request.body),
  });
};
