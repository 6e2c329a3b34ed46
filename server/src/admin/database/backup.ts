import { createWriteStream } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BACKUP_FORMAT, type BackupManifest } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { mongo } from 'mongoose';
import { backedUpCollections } from './collections.ts';

const { EJSON } = mongo.BSON;

/**
 * The backup file, streamed collection by collection: `{"collections":{name:[…]},"manifest":{…}}`.
 * Documents are canonical Extended JSON read without promoting values, so every BSON type (int32,
 * double, int64, date, binary, ObjectId) comes back exactly. The manifest comes last, so its counts
 * are the documents actually written. It is not a point-in-time snapshot across collections
 * (FerretDB has no transactions): take backups when the forum is quiet.
 */
export async function* backupChunks(app: FastifyInstance): AsyncGenerator<string> {
  const counts: Record<string, number> = {};
  const createdAt = new Date().toISOString();
  yield '{"collections":{';
  let firstCollection = true;
  for (const { name, model } of backedUpCollections(app)) {
    yield `${firstCollection ? '' : ','}\n${JSON.stringify(name)}:[`;
    firstCollection = false;
    let count = 0;
    for await (const document of model.collection.find({}, { promoteValues: false }).sort({ _id: 1 })) {
      yield `${count === 0 ? '' : ','}\n${EJSON.stringify(document, { relaxed: false })}`;
      count += 1;
    }
    counts[name] = count;
    yield '\n]';
  }
  const manifest: BackupManifest = { ...BACKUP_FORMAT, createdAt, counts };
  yield `\n},\n"manifest":${JSON.stringify(manifest)}}\n`;
}

export const backupFileName = (at = new Date()) => `enclave-backup-${at.toISOString().replace(/[:.]/g, '-')}.json`;

export const backupsDirectory = (app: FastifyInstance) => resolve(app.config.DATA_DIR, 'backups');

/** Writes a full backup under DATA_DIR/backups (written aside, then renamed: never a half file). */
export async function writeBackupFile(app: FastifyInstance, prefix: string): Promise<string> {
  const directory = backupsDirectory(app);
  await mkdir(directory, { recursive: true });
  const name = `${prefix}-${backupFileName()}`;
  const path = join(directory, name);
  await pipeline(Readable.from(backupChunks(app)), createWriteStream(`${path}.partial`));
  await rename(`${path}.partial`, path);
  return name;
}
