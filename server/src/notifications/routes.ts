import { api } from '@enclave/protocol';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { member, viewerOf } from '../auth/guards.ts';
import { fromContract } from '../http/contract-route.ts';
import { bellChanged } from './bells.ts';
import { catchUpReplies } from './catch-up.ts';
import { preferencesOf, savePreferences } from './preferences.ts';
import { listNotifications, markRead } from './service.ts';

export const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(api.notifications),
    preHandler: member,
    handler: async (request) => {
      // The first page tells what was missed while away first.
      if (request.query.before === undefined) await catchUpReplies(app, viewerOf(request).id);
      return listNotifications(app, viewerOf(request), request.query);
    },
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
    handler: async (request) => {
      const saved = await savePreferences(app, viewerOf(request).id, request.body);
      // Where a tab of theirs is open, replies are told as the bell says (fan-out.ts).
      bellChanged(app, viewerOf(request).id, { reply: saved.kinds.reply });
      return saved;
    },
  });
};
