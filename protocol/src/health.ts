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

/** Whether this process should take traffic: migrations ran (before it listened), its read models are loaded. */
export const Readiness = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('starting'), Type.Literal('degraded')]),
  database: Type.Object({ connected: Type.Boolean() }),
  readModels: Type.Record(Type.String(), Type.Boolean()),
});
export type Readiness = Type.Static<typeof Readiness>;

/** The Prometheus text format, for a scraper that bears the operator's METRICS_TOKEN. */
export const MetricsText = Type.String({ description: 'Prometheus text exposition format' });

export const METRICS_TEXT = {
  tokenRequired: 'Send the metrics token as Authorization: Bearer <token>',
};

export const healthRoutes = {
  health: route({
    ...endpoints.health,
    summary: 'Liveness and database status',
    response: { 200: Health, 503: Health },
  }),
  ready: route({
    ...endpoints.ready,
    summary: 'Readiness: 200 once the read models are loaded and the database answers, for proxies and orchestrators',
    response: { 200: Readiness, 503: Readiness },
  }),
  /** The OpenAPI document of every route, generated from these contracts. */
  docs: route({ ...endpoints.docs, summary: 'The OpenAPI document', response: {} }),
  metrics: route({
    ...endpoints.metrics,
    summary: 'Metrics for Prometheus, to a bearer of METRICS_TOKEN; absent (404) while it is unset',
    response: { 200: MetricsText },
  }),
};
