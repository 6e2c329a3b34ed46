import type { FastifyInstance } from 'fastify';
import { Gauge, type Registry } from 'prom-client';

/** Whether each in-memory read model has loaded, and how many records it holds, read at each scrape. */
export function watchReadModels(app: FastifyInstance, registry: Registry): void {
  const models = () => ({ forum: app.forum, members: app.members, categories: app.categories });
  new Gauge({
    name: 'enclave_read_model_loaded',
    help: 'Whether the read model has finished its first load (1) or not (0)',
    labelNames: ['model'] as const,
    registers: [registry],
    collect() {
      for (const [model, readModel] of Object.entries(models())) this.set({ model }, readModel.loaded ? 1 : 0);
    },
  });
  new Gauge({
    name: 'enclave_read_model_records',
    help: 'Records the read model holds in memory',
    labelNames: ['model'] as const,
    registers: [registry],
    collect() {
      for (const [model, readModel] of Object.entries(models())) this.set({ model }, readModel.size);
    },
  });
  new Gauge({
    name: 'enclave_forum_snapshot_age_seconds',
    help: 'Age of the forum index snapshot this process last started from or wrote (-1: none; it read every thread)',
    registers: [registry],
    collect() {
      const at = app.forum.snapshotAt;
      this.set(at ? (Date.now() - at.getTime()) / 1000 : -1);
    },
  });
}
