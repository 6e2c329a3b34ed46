import { adminRoutes } from './admin.ts';
import { authRoutes } from './auth.ts';
import { categoryRoutes } from './categories.ts';
import { factorRoutes } from './factors.ts';
import { formattingRoutes } from './formatting.ts';
import { healthRoutes } from './health.ts';
import { notificationRoutes } from './notifications.ts';
import { postRoutes } from './posts.ts';
import { privateMessageRoutes } from './private-messages.ts';
import { purchaseRoutes } from './purchases.ts';
import { reactionRoutes } from './reactions.ts';
import { reportRoutes } from './reports.ts';
import { sessionRoutes } from './sessions.ts';
import { threadRoutes } from './threads.ts';
import { userRoutes } from './users.ts';
import { walletRoutes } from './wallet.ts';

/** Every HTTP call of the product, by domain. Nothing outside `protocol/` writes an `/api` path. */
export const api = {
  ...healthRoutes,
  ...authRoutes,
  ...factorRoutes,
  ...userRoutes,
  ...sessionRoutes,
  ...walletRoutes,
  ...privateMessageRoutes,
  ...categoryRoutes,
  ...threadRoutes,
  ...postRoutes,
  ...formattingRoutes,
  ...reactionRoutes,
  ...purchaseRoutes,
  ...adminRoutes,
  ...reportRoutes,
  ...notificationRoutes,
};
export type Api = typeof api;
