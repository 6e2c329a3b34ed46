import { setTimeout as sleep } from 'node:timers/promises';
import { type RunningFerretdb, startFerretdb } from './ferretdb.ts';

/** Waits between restarts: from the first, doubling while it keeps dying, back to the first once it has stayed up. */
const FIRST_RESTART_MS = 100;
const LONGEST_RESTART_MS = 5000;
const STAYED_UP_MS = 60_000;

export interface SupervisedFerretdb {
  uri: string;
  /** The database process now (a restart changes it). */
  pid(): number | undefined;
  /** How many times it was restarted after dying. */
  restarts(): number;
  stop(): Promise<void>;
}

/**
 * The embedded FerretDB, kept running: a process that dies without being stopped (a crash, an OOM kill, `kill -9`)
 * is started again on the same port and data directory, so the driver's heartbeat finds it where it was and
 * reconnects by itself. SQLite has committed every write FerretDB acknowledged, so none is lost.
 */
export async function superviseFerretdb(dataDir: string, log: (line: string) => void): Promise<SupervisedFerretdb> {
  let current: RunningFerretdb = await startFerretdb(dataDir);
  const port = Number(new URL(current.uri).port);
  let stopping = false;
  let restarts = 0;
  let wait = FIRST_RESTART_MS;
  let startedAt = Date.now();

  const restart = async (): Promise<void> => {
    while (!stopping) {
      if (Date.now() - startedAt > STAYED_UP_MS) wait = FIRST_RESTART_MS;
      log(`database: FerretDB (pid ${current.pid}) exited unexpectedly; restarting in ${wait} ms`);
      await sleep(wait);
      wait = Math.min(wait * 2, LONGEST_RESTART_MS);
      if (stopping) return;
      try {
        current = await startFerretdb(dataDir, port);
        startedAt = Date.now();
        restarts += 1;
        log(`database: FerretDB restarted (pid ${current.pid}) on port ${port}`);
        watch(current);
        return;
      } catch (error) {
        log(`database: FerretDB restart failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  const watch = (running: RunningFerretdb) => {
    void running.exited.then(() => {
      if (!stopping && running === current) void restart();
    });
  };
  watch(current);

  return {
    uri: current.uri,
    pid: () => current.pid,
    restarts: () => restarts,
    async stop() {
      stopping = true;
      await current.stop();
    },
  };
}
