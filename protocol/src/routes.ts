import { healthRoutes } from './health.ts';

/** Every HTTP call of the product, by domain. Nothing outside `protocol/` writes an `/api` path. */
export const api = {
  ...healthRoutes,
};
export type Api = typeof api;
