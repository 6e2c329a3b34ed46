import { api } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';

/** The OpenAPI document @fastify/swagger builds from the route contracts, public like the contracts themselves. */
export async function docsRoutes(app: FastifyInstance) {
  app.get(api.docs.url, { schema: { hide: true } }, async () => app.swagger());
}
