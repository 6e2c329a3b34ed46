import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ADMIN_TEXT, ErrorCode, type RestoreReply } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest, conflict } from '../../errors.ts';
import { logModeration } from '../../moderation/log.ts';
import { forgetLists, runMigrations } from '../../storage/index.ts';
import type { UserRecord } from '../../users/user-model.ts';
import { backupsDirectory, writeBackupFile } from './backup.ts';
import { type ParsedBackup, parseBackup } from './backup-file.ts';
import { backedUpCollections } from './collections.ts';

const BATCH = 500;
/** One restore at a time per server: two would interleave their deletes and inserts. */
const running = new WeakSet<FastifyInstance>();

const stagingName = (name: string) => `restoring_${name}`;

async function dropStaging(app: FastifyInstance) {
  for (const { name } of backedUpCollections(app)) await app.mongo.dropCollection(stagingName(name)).catch(() => false);
}

/**
 * Writes the backup into staging collections, so the database itself has accepted all of it before the live data
 * is touched (the file's unique keys were checked while parsing). A refusal drops the staging and changes nothing.
 */
async function stage(app: FastifyInstance, backup: ParsedBackup, onProgress: (fraction: number) => void) {
  const collections = backedUpCollections(app);
  const total = collections.reduce((sum, { name }) => sum + (backup.collections.get(name)?.length ?? 0), 0);
  let done = 0;
  await dropStaging(app);
  try {
    for (const { name } of collections) {
      const staging = await app.mongo.createCollection(stagingName(name));
      const documents = backup.collections.get(name) ?? [];
      for (let start = 0; start < documents.length; start += BATCH) {
        const batch = documents.slice(start, start + BATCH);
        await staging.insertMany(batch, { ordered: true });
        done += batch.length;
        onProgress(total === 0 ? 1 : done / total);
      }
    }
  } catch (error) {
    await dropStaging(app);
    throw badRequest(ADMIN_TEXT.restoreRefused((error as Error).message));
  }
}

/** Puts every staged collection in place of the live one (drop, then rename: FerretDB has no dropTarget). */
async function swapIn(app: FastifyInstance) {
  for (const { name, model } of backedUpCollections(app)) {
    await app.mongo.dropCollection(name).catch(() => false);
    await app.mongo.collection(stagingName(name)).rename(name);
    await model.createIndexes();
  }
  // What this process remembers of its lists may be past the restored data (others forget on 'database.restored').
  forgetLists(app);
}

/** Replaces every collection with the backup's documents: staged whole first, then swapped in. */
async function replaceCollections(app: FastifyInstance, backup: ParsedBackup, onProgress: (fraction: number) => void) {
  await stage(app, backup, onProgress);
  await swapIn(app);
}

/**
 * Replaces the whole database with a backup. The file is checked whole before anything is touched
 * (a bad file, or a ledger that does not add up, is a 400 and changes nothing); then an automatic
 * backup of the current data is written under DATA_DIR/backups; then the backup is staged whole and
 * swapped in. If the database refuses the staging, nothing changed; if the swap fails, the automatic
 * backup is put back. Progress goes to the admin's tabs as 'restore:progress'.
 */
export async function restoreDatabase(
  app: FastifyInstance,
  actor: Pick<UserRecord, 'id'>,
  text: string,
): Promise<RestoreReply> {
  if (running.has(app)) throw conflict(ADMIN_TEXT.restoreInProgress);
  running.add(app);
  let reported = -1;
  const progress = (percent: number) => {
    const rounded = Math.min(100, Math.floor(percent));
    if (rounded <= reported) return;
    reported = rounded;
    app.events.publish('database.restoreProgress', { userId: actor.id, percent: rounded });
  };
  try {
    const backup = await parseBackup(app, text);
    progress(10);
    const automaticBackup = await writeBackupFile(app, 'pre-restore');
    progress(30);
    await stage(app, backup, (fraction) => progress(30 + fraction * 60));
    try {
      await swapIn(app);
    } catch (error) {
      app.log.error({ err: error, automaticBackup }, 'restore failed: putting the previous data back');
      const previous = await parseBackup(app, await readFile(join(backupsDirectory(app), automaticBackup), 'utf8'));
      await replaceCollections(app, previous, () => undefined);
      app.events.publish('database.restored', {});
      throw new AppError(500, ErrorCode.Internal, ADMIN_TEXT.restoreRolledBack);
    }
    // A backup from an older version is converted as a start would, then the read models start over.
    await runMigrations(app);
    app.events.publish('database.restored', {});
    const counts = Object.fromEntries([...backup.collections].map(([name, documents]) => [name, documents.length]));
    await logModeration(app, {
      actorId: actor.id,
      action: 'database.restore',
      targetType: 'database',
      details: { backupCreatedAt: backup.manifest.createdAt, counts, automaticBackup },
    });
    progress(100);
    const documents = Object.values(counts).reduce((sum, count) => sum + count, 0);
    return { message: ADMIN_TEXT.restored(documents, Object.keys(counts).length), counts, automaticBackup };
  } finally {
    running.delete(app);
  }
}
