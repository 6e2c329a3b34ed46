import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { repeatWhileOpen } from '../../periodic.ts';
import { claimSlot } from '../../storage/index.ts';
import { backupsDirectory, writeBackupFile } from './backup.ts';

const HOUR_MS = 60 * 60 * 1000;
const PREFIX = 'scheduled';
/** How often a process looks whether a backup is due: the first after a start comes within a minute. */
const CHECK_MS = 60_000;

/**
 * The scheduled backup of the period `now` falls in, if none was written: the console's download, written to
 * DATA_DIR/backups. The period is claimed under a unique key first, so with several processes exactly one writes
 * it, and a restart does not write it twice. Then only the newest BACKUP_KEEP scheduled backups stay.
 */
export async function writeScheduledBackup(app: FastifyInstance, now = Date.now()): Promise<string | null> {
  const intervalMs = (app.config.BACKUP_INTERVAL_HOURS ?? 0) * HOUR_MS;
  if (intervalMs <= 0) return null;
  const period = Math.floor(now / intervalMs);
  if (!(await claimSlot(app, `backup:${intervalMs}:${period}`, 1))) return null;
  const name = await writeBackupFile(app, PREFIX);
  const removed = await keepNewest(app, app.config.BACKUP_KEEP);
  app.log.info({ backup: name, removed }, 'scheduled backup written');
  return name;
}

/** Removes all but the newest `keep` scheduled backups (their names sort by time); answers the names removed. */
async function keepNewest(app: FastifyInstance, keep: number): Promise<string[]> {
  const directory = backupsDirectory(app);
  const scheduled = (await readdir(directory)).filter(
    (name) => name.startsWith(`${PREFIX}-`) && name.endsWith('.json'),
  );
  const old = scheduled.sort().slice(0, Math.max(0, scheduled.length - keep));
  await Promise.all(old.map((name) => rm(join(directory, name), { force: true })));
  return old;
}

export function scheduleBackups(app: FastifyInstance): void {
  const intervalMs = (app.config.BACKUP_INTERVAL_HOURS ?? 0) * HOUR_MS;
  repeatWhileOpen(app, intervalMs > 0 ? Math.min(CHECK_MS, intervalMs) : 0, 'scheduled backup', () =>
    writeScheduledBackup(app),
  );
}
