import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKUP_FORMAT } from '@enclave/protocol';
import { describe, expect, it } from 'vitest';
import { createTestApp, isolatedDatabase } from '../../test/app.ts';
import { onFileEnd } from '../../test/cleanup.ts';
import { createMember } from '../../test/factories.ts';
import { writeScheduledBackup } from './scheduled-backups.ts';

const HOUR_MS = 60 * 60 * 1000;

async function dataDir() {
  const dir = await mkdtemp(join(tmpdir(), 'enclave-scheduled-'));
  onFileEnd(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

const backupsIn = async (dir: string) =>
  (await readdir(join(dir, 'backups')).catch(() => [])).filter((name) => name.endsWith('.json')).sort();

describe('scheduled backups', () => {
  it('are written by exactly one of several processes per period, and only the newest BACKUP_KEEP stay', async () => {
    const database = isolatedDatabase();
    const env = { BACKUP_INTERVAL_HOURS: '24', BACKUP_KEEP: '2' };
    const [dirA, dirB] = [await dataDir(), await dataDir()];
    const [a, b] = [
      await createTestApp({ ...env, DATA_DIR: dirA }, database),
      await createTestApp({ ...env, DATA_DIR: dirB }, database),
    ];
    await createMember(a);
    const day = Math.floor(Date.now() / (24 * HOUR_MS)) * 24 * HOUR_MS;
    const written = await Promise.all([writeScheduledBackup(a, day), writeScheduledBackup(b, day + 1000)]);
    expect(written.filter(Boolean)).toHaveLength(1);
    expect([...(await backupsIn(dirA)), ...(await backupsIn(dirB))]).toHaveLength(1);
    // Again in the same period (a restart, say): nothing more.
    expect(await writeScheduledBackup(a, day + HOUR_MS)).toBeNull();

    for (let next = 1; next <= 3; next++) await writeScheduledBackup(a, day + next * 24 * HOUR_MS);
    const kept = await backupsIn(dirA);
    expect(kept).toHaveLength(2);
    // The same file as the console's download.
    const file = JSON.parse(await readFile(join(dirA, 'backups', kept[1] as string), 'utf8'));
    expect(file.manifest).toMatchObject(BACKUP_FORMAT);
    expect(file.collections.users).toHaveLength(1);
  });

  it('run on their own once the app is up, and not at all with BACKUP_INTERVAL_HOURS=0', async () => {
    const [on, off] = [await dataDir(), await dataDir()];
    // A period of about a second: the process looks as often.
    const app = await createTestApp({ BACKUP_INTERVAL_HOURS: '0.0003', DATA_DIR: on });
    const quiet = await createTestApp({ BACKUP_INTERVAL_HOURS: '0', DATA_DIR: off });
    await Promise.all([app.ready(), quiet.ready()]);
    await expect
      .poll(() => backupsIn(on), { timeout: 10_000, message: 'a scheduled backup is written' })
      .not.toEqual([]);
    expect(await backupsIn(off)).toEqual([]);
    expect(await writeScheduledBackup(quiet)).toBeNull();
  });
});
