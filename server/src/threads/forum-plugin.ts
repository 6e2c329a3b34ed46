import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { categoryRoutes } from '../categories/routes.ts';
import { registerGroupBuySweeps } from '../group-buys/sweep.ts';
import { replyRoutes } from '../replies/routes.ts';
import { purchaseRoutes } from './purchase-routes.ts';
import { threadRoutes } from './routes.ts';

/**
 * Categories, threads, replies and what they sell. Not encapsulated (fastify-plugin), so the group buys' start-up
 * sweep is a root onReady hook that runs before the intents' general one (app.ts), registered after it: a
 * contribution cut short must be refunded or placed before a seller credit could pay its escrow.
 */
async function forum(app: FastifyInstance): Promise<void> {
  registerGroupBuySweeps(app);
  await app.register(categoryRoutes);
  await app.register(threadRoutes);
  await app.register(replyRoutes);
  await app.register(purchaseRoutes);
}

// Named, so that fastify-plugin needs no stack trace to name it (at import, with source maps on, 0.2 s).
export const forumPlugin = fp(forum);
