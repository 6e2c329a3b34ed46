import { categoryModels } from '@enclave/server/categories/models.ts';
import { groupBuyModels } from '@enclave/server/group-buys/models.ts';
import { limit } from '@enclave/server/limit.ts';
import { notificationModels } from '@enclave/server/notifications/models.ts';
import { paymentModels } from '@enclave/server/payments/models.ts';
import { messageModels } from '@enclave/server/private-messages/models.ts';
import { replyModels } from '@enclave/server/replies/models.ts';
import { reportModels } from '@enclave/server/reports/models.ts';
import { threadModels } from '@enclave/server/threads/models.ts';
import { userModels } from '@enclave/server/users/models.ts';
import { walletModels } from '@enclave/server/wallet/models.ts';
import type { FastifyInstance } from 'fastify';
import mongoose from 'mongoose';

const LISTS_AT_ONCE = 8;

/**
 * The one place the bench gets at the server's storage: its models on a connection of its own, and the
 * little of an app the keyed-list writer (`importList`) uses: the connection or the models (the lists'
 * buckets and heads, and what the process remembers of its heads) and `app.log` (a head hint not written).
 * Not the real app: that would build every index on the empty database and start its schedulers, and the
 * app's first start on the written data is what the bench times.
 */
export async function openStorage(uri: string) {
  // No autoIndex: the app's first start builds its indexes on the data, as on a restored backup.
  const connection = await mongoose.createConnection(uri, { autoIndex: false }).asPromise();
  const database = { mongo: connection };
  const models = {
    ...userModels(database),
    ...categoryModels(database),
    ...threadModels(database),
    ...replyModels(database),
    ...groupBuyModels(database),
    ...messageModels(database),
    ...walletModels(database),
    ...paymentModels(database),
    ...reportModels(database),
    ...notificationModels(database),
  };
  const log = {
    warn: ({ err, list }: { err?: unknown; list?: string }, message: string) =>
      process.stderr.write(`bench dataset: ${message} (${list}): ${String(err)}\n`),
  };
  const app = { mongo: connection, log } as unknown as FastifyInstance;
  // Lists are written a few at a time: each is a handful of round trips, which overlap.
  return { app, models, lists: limit(LISTS_AT_ONCE), close: () => connection.close() };
}

export type Storage = Awaited<ReturnType<typeof openStorage>>;
export type Models = Storage['models'];
