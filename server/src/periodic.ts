import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * One run of a background sweep, the one way every sweep runs (group buys, mute endings, digests, retention): its
 * duration and outcome go to the metrics (when on) and a failure to the log. Answers the task's result, or
 * undefined when it failed.
 */
export async function runSweep<T>(app: FastifyInstance, what: string, task: () => Promise<T>): Promise<T | undefined> {
  const started = performance.now();
  const finished = (failed: boolean) => app.metrics?.sweepFinished(what, (performance.now() - started) / 1000, failed);
  try {
    const result = await task();
    finished(false);
    return result;
  } catch (err) {
    finished(true);
    app.log.error({ err }, `${what} failed`);
    return undefined;
  }
}

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
      running ??= runSweep(app, what, task).finally(() => {
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
