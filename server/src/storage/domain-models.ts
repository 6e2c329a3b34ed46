import type { FastifyBaseLogger } from 'fastify';
import type { Connection } from 'mongoose';
import { storageModels } from './storage-models.ts';

/** Whatever holds the database connection: the app, or a service's narrow context. */
export interface Database {
  mongo: Connection;
}

/**
 * What the storage module's lists need of their caller besides the connection: a log for what they only warn of, and
 * a way to finish work after the answer (a head hint). The app has both; a unit test builds them (test/context.ts).
 */
export interface StorageContext extends Database {
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  afterwards(what: string, work: () => Promise<unknown>): void;
}

/**
 * A domain's collections, bound once per connection: `threadModels(app).Thread`. Each domain declares its own in its
 * `models.ts`, and only that domain's code imports it (the import rules in `.dependency-cruiser.cjs`): another domain
 * asks through the owner's exported functions. The app registers every domain's at start (`app.ts`).
 */
export function domainModels<T>(register: (connection: Connection) => T): (database: Database) => T {
  const bound = new WeakMap<Connection, T>();
  return ({ mongo }) => {
    let models = bound.get(mongo);
    if (!models) {
      models = register(mongo);
      bound.set(mongo, models);
    }
    return models;
  };
}

/**
 * Binds every domain's collections and the storage's own to the connection and builds their indexes, before the app
 * serves: unique keys carry every invariant here.
 */
export async function registerCollections(
  database: Database,
  domains: readonly ((database: Database) => object)[],
): Promise<void> {
  const models = [...domains, storageModels].flatMap((collections) => Object.values(collections(database)));
  await Promise.all(models.map((model: { init(): Promise<unknown> }) => model.init()));
}
