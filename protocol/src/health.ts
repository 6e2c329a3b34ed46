import Type from 'typebox';
import { route } from './contract.ts';
import { endpoints } from './endpoints.ts';

export const DatabaseBackend = Type.Union([
  Type.Literal('external'),
  Type.Literal('mongodb-memory-server'),
  Type.Literal('ferretdb'),
]);
export type DatabaseBackend = Type.Static<typeof DatabaseBackend>;

export const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  database: Type.Object({ backend: DatabaseBackend, connected: Type.Boolean() }),
  uptimeSeconds: Type.Number(),
});
export type Health = Type.Static<typeof Health>;

export const healthRoutes = {
  health: route({
    ...endpoints.health,
    summary: 'Liveness and database status',
    response: { 200: Health, 503: Health },
  }),
  /** The OpenAPI document of every route, generated from these contracts. */
  docs: route({ ...endpoints.docs, summary: 'The OpenAPI document', response: {} }),
};
