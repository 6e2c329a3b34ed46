import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs `work` without holding up the request that started it (a notification fan-out, a hint's check); a
     * failure is logged under `what`. Closing waits for work under way, before the database closes.
     */
    afterwards(what: string, work: () => Promise<unknown>): void;
    /** Resolves once no such work is under way, including work that work started meanwhile (a test's wait). */
    settled(): Promise<void>;
  }
}

export function registerAfterwards(app: FastifyInstance): void {
  const underWay = new Set<Promise<unknown>>();
  app.decorate('afterwards', (what: string, work: () => Promise<unknown>) => {
    const running = work().catch((err) => app.log.error({ err }, what));
    underWay.add(running);
    void running.finally(() => underWay.delete(running));
  });
  app.decorate('settled', async () => {
    while (underWay.size > 0) await Promise.all(underWay);
  });
  app.addHook('onClose', async () => {
    await Promise.all(underWay);
  });
}
