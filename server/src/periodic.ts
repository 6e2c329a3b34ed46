import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` every `everyMs` once the app is ready (0: never, for tests that drive it themselves), one run at a
 * time: a run still under way when the next is due makes that one skip. Closing the app waits for the run under way.
 */
export function repeatWhileOpen(
  app: FastifyInstance,
  everyMs: number,
  what: string,
  task: () => Promise<unknown>,
): void {
  if (everyMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running ??= task()
        .catch((err) => app.log.error({ err }, `${what} failed`))
        .finally(() => {
          running = null;
        });
    }, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
