import type { FastifyInstance } from 'fastify';
import { Schema } from 'mongoose';
import type { Database } from './domain-models.ts';
import { isDuplicateKey } from './ids.ts';
import { storageModels } from './storage-models.ts';

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

const registered = new WeakMap<object, readonly Migration[]>();

/** The app's migrations, oldest first (the composition root's list, `app.ts`). */
export function registerMigrations(app: FastifyInstance, migrations: readonly Migration[]): void {
  registered.set(app.mongo, migrations);
}

/** Runs, in order, every registered migration not yet marked finished, printing its progress. */
export async function runMigrations(app: FastifyInstance): Promise<void> {
  for (const migration of registered.get(app.mongo) ?? []) {
    if (await storageModels(app).Migration.exists({ _id: migration.name })) continue;
    const started = Date.now();
    app.log.info({ migration: migration.name }, 'migration starting');
    let reported = 0;
    await migration.run(app, (done, total) => {
      // At most one line a second, and the last one.
      if (done < total && Date.now() - reported < 1000) return;
      reported = Date.now();
      app.log.info({ migration: migration.name, done, total }, `migration ${migration.name}: ${done}/${total}`);
    });
    await storageModels(app)
      .Migration.create({ _id: migration.name, finishedAt: new Date() })
      .catch(() => undefined);
    app.log.info({ migration: migration.name, ms: Date.now() - started }, 'migration finished');
  }
}

/** Marks migrations run without running them: data written directly in today's layout (a benchmark's) needs none. */
export async function markMigrated(database: Database, names: readonly string[]): Promise<void> {
  const finishedAt = new Date();
  await storageModels(database)
    .Migration.insertMany(
      names.map((name) => ({ _id: name, finishedAt })),
      { ordered: false },
    )
    .catch((error) => {
      if (!isDuplicateKey(error)) throw error;
    });
}
