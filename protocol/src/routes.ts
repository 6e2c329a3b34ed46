import { authRoutes } from './auth.ts';
import { healthRoutes } from './health.ts';
import { userRoutes } from './users.ts';

/** Every HTTP call of the product, by domain. Nothing outside `protocol/` writes an `/api` path. */
export const api = {
  ...healthRoutes,
  ...authRoutes,
  ...userRoutes,
};
export type Api = typeof api;
