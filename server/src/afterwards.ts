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

/**
 * How long a close waits for work under way. Past it the close goes on and the log names what was still running:
 * a job stuck on a dead peer must not hold a deploy (or a test file's end) forever.
 */
const CLOSE_WAIT_MS = 15_000;

export function registerAfterwards(app: FastifyInstance, { closeWaitMs = CLOSE_WAIT_MS } = {}): void {
  const underWay = new Map<Promise<unknown>, string>();
  app.decorate('afterwards', (what: string, work: () => Promise<unknown>) => {
    const running = work().catch((err) => app.log.error({ err }, what));
    underWay.set(running, what);
    void running.finally(() => underWay.delete(running));
  });
  app.decorate('settled', async () => {
    while (underWay.size > 0) await Promise.all(underWay.keys());
  });
  app.addHook('onClose', async () => {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), closeWaitMs);
    });
    const outcome = await Promise.race([Promise.all(underWay.keys()), waited]);
    clearTimeout(timer);
    if (outcome === 'late') {
      app.log.warn(
        { stillRunning: [...underWay.values()] },
        `closing with work still under way after ${closeWaitMs} ms`,
      );
    }
  });
}
