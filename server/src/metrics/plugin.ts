import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { countCoins } from './coins.ts';
import { timeCommands } from './database.ts';
import { timeRequests } from './http.ts';
import { watchIntents } from './intents.ts';
import { watchReadModels } from './read-models.ts';
import { countSocketEvents } from './realtime.ts';
import { metricsRoute } from './route.ts';
import { countSignIns } from './sign-ins.ts';
import { sweepMetrics } from './sweeps.ts';

/** This app's metrics, what `/metrics` shows; the sweeps report to it as they finish (`periodic.ts`). */
export interface Metrics {
  readonly registry: Registry;
  sweepFinished(sweep: string, seconds: number, failed: boolean): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Null while METRICS_TOKEN is unset: nothing is measured. */
    metrics: Metrics | null;
  }
}

/**
 * `GET /metrics` for Prometheus, on when METRICS_TOKEN is set. One registry per app (tests build many apps in one
 * process). Call it before the routes are registered, so that every route's requests are timed.
 */
export function registerMetrics(app: FastifyInstance): void {
  const metrics = app.config.METRICS_TOKEN ? measure(app) : null;
  app.decorate('metrics', metrics);
  metricsRoute(app, metrics);
}

function measure(app: FastifyInstance): Metrics {
  const registry = new Registry();
  // Event-loop lag, heap, RSS, CPU, handles, GC: prom-client's process and Node.js families.
  collectDefaultMetrics({ register: registry });
  timeRequests(app, registry);
  countSocketEvents(app, registry);
  timeCommands(app, registry);
  watchReadModels(app, registry);
  countCoins(app, registry);
  countSignIns(app, registry);
  watchIntents(app, registry);
  return { registry, sweepFinished: sweepMetrics(registry) };
}
