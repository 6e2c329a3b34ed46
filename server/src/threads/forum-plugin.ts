import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { categoryRoutes } from '../categories/routes.ts';
import { registerGroupBuySweeps } from '../group-buys/sweep.ts';
import { finishRemovals } from '../posts/replies.ts';
import { postRoutes } from '../posts/routes.ts';
import { purchaseRoutes } from './purchase-routes.ts';
import { threadRoutes } from './routes.ts';

/**
 * Categories, threads, replies and what they sell. Not encapsulated (fastify-plugin), so its start-up
 * sweeps are root onReady hooks that run before the ledger's seller-credit sweep registered after them:
 * a group-buy debit without a place must be refunded before anything could pay its escrow.
 */
export const forumPlugin = fp(async (app: FastifyInstance) => {
  registerGroupBuySweeps(app);
  app.addHook('onReady', async () => {
    const removals = await finishRemovals(app);
    if (removals > 0) app.log.warn({ removals }, 'reply removals finished after a crash');
  });
  await app.register(categoryRoutes);
  await app.register(threadRoutes);
  await app.register(postRoutes);
  await app.register(purchaseRoutes);
});
