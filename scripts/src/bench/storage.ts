import { limit } from '@enclave/server/db/limit.ts';
import { registerModels } from '@enclave/server/db/models.ts';
import type { FastifyInstance } from 'fastify';
import mongoose from 'mongoose';

const LISTS_AT_ONCE = 8;

/**
 * The one place the bench gets at the server's storage: its models on a connection of its own, and the
 * little of an app the keyed-list writers (`importList`, `appendAll`) use: `app.models` (the lists'
 * buckets and heads, and what the process remembers of its heads) and `app.log` (a head hint not written).
 * Not the real app: that would build every index on the empty database and start its schedulers, and the
 * app's first start on the written data is what the bench times.
 */
export async function openStorage(uri: string) {
  // No autoIndex: the app's first start builds its indexes on the data, as on a restored backup.
  const connection = await mongoose.createConnection(uri, { autoIndex: false }).asPromise();
  const models = registerModels(connection);
  const log = {
    warn: ({ err, list }: { err?: unknown; list?: string }, message: string) =>
      process.stderr.write(`bench dataset: ${message} (${list}): ${String(err)}\n`),
  };
  const app = { models, mongo: connection, log } as unknown as FastifyInstance;
  // Lists are written a few at a time: each is a handful of round trips, which overlap.
  return { app, models, lists: limit(LISTS_AT_ONCE), close: () => connection.close() };
}

export type Storage = Awaited<ReturnType<typeof openStorage>>;
export type Models = Storage['models'];
