import type { FastifyInstance } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import { pendingIntents } from '../storage/index.ts';

/**
 * Intents recorded, by kind, read when scraped: work under way, or left by a crash and not yet finished (a mute's
 * end waits here until it is due). One that only grows is work its sweep cannot finish: the log says why.
 */
export function watchIntents(app: FastifyInstance, registry: Registry): void {
  new Gauge({
    name: 'enclave_intents_pending',
    help: 'Intents recorded and not yet finished, by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [kind, count] of await pendingIntents(app)) this.set({ kind }, count);
    },
  });
}
