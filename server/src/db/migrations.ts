import type { FastifyInstance } from 'fastify';
import { type Model, Schema } from 'mongoose';
import { isDuplicateKey } from './ids.ts';

/**
 * A one-time conversion of stored data to the layout the code reads (say, replies moved under
 * their keyed `_id`s). `run` must be idempotent: a crash part-way leaves no mark, and the next
 * start runs it again from wherever the data stands.
 */
export interface Migration {
  /** Stable forever: the mark that says it has run. */
  name: string;
  run(app: FastifyInstance, progress: (done: number, total: number) => void): Promise<void>;
}

/** One document per finished migration, read by `_id`, so a start on migrated data reads no collection. */
export const migrationSchema = new Schema(
  { _id: String, finishedAt: { type: Date, required: true } },
  { versionKey: false },
);

/** Runs, in order, every migration not yet marked finished, printing its progress. */
export async function runMigrations(app: FastifyInstance, migrations: readonly Migration[]): Promise<void> {
  for (const migration of migrations) {
    if (await app.models.Migration.exists({ _id: migration.name })) continue;
    const started = Date.now();
    app.log.info({ migration: migration.name }, 'migration starting');
    let reported = 0;
    await migration.run(app, (done, total) => {
      // At most one line a second, and the last one.
      if (done < total && Date.now() - reported < 1000) return;
      reported = Date.now();
      app.log.info({ migration: migration.name, done, total }, `migration ${migration.name}: ${done}/${total}`);
    });
    await app.models.Migration.create({ _id: migration.name, finishedAt: new Date() }).catch(() => undefined);
    app.log.info({ migration: migration.name, ms: Date.now() - started }, 'migration finished');
  }
}

/** Drops a stored index a migration replaces (say, a unique key now carried by `_id`); absent is fine. */
export async function dropIndex(model: Model<never>, name: string): Promise<void> {
  try {
    await model.collection.dropIndex(name);
  } catch (error) {
    const { codeName, message } = error as { codeName?: string; message?: string };
    if (
      codeName !== 'IndexNotFound' &&
      codeName !== 'NamespaceNotFound' &&
      !/not found|ns does not exist/i.test(message ?? '')
    ) {
      throw error;
    }
  }
}

const CHUNK = 1000;

/** The indexes of the documents a bulk insert refused as duplicates; any other failure is thrown. */
async function insertChunk(model: Model<never>, documents: object[]): Promise<number[]> {
  try {
    await model.collection.insertMany(documents as never[], { ordered: false });
    return [];
  } catch (error) {
    const writeErrors = (error as { writeErrors?: { index: number }[] }).writeErrors;
    if (Array.isArray(writeErrors) && writeErrors.every((e) => isDuplicateKey(e)))
      return writeErrors.map((e) => e.index);
    if (isDuplicateKey(error) && documents.length === 1) return [0];
    throw error;
  }
}

/** Inserts documents in bulk, leaving those written already (by a run a crash interrupted) as they are. */
export async function insertMissing(model: Model<never>, documents: object[]): Promise<void> {
  for (let start = 0; start < documents.length; start += CHUNK) {
    await insertChunk(model, documents.slice(start, start + CHUNK));
  }
}

/** Writes documents by `_id` in bulk: inserted where new, replaced where a crashed run wrote them already. */
export async function writeAll(model: Model<never>, documents: { _id: unknown }[]): Promise<void> {
  for (let start = 0; start < documents.length; start += CHUNK) {
    const chunk = documents.slice(start, start + CHUNK);
    for (const index of await insertChunk(model, chunk)) {
      const document = chunk[index] as { _id: unknown };
      await model.collection.replaceOne({ _id: document._id } as never, document as never, { upsert: true });
    }
  }
}
