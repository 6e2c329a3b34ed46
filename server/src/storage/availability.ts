import { api, ErrorCode, SERVER_TEXT } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import mongoose, { type Connection, type ConnectOptions } from 'mongoose';
import { AppError } from '../errors.ts';

/**
 * A database outage must be visible within seconds and every request must then fail in bounded
 * time, never succeed later. `bufferCommands: false`: mongoose would otherwise queue an operation
 * until the database returns, so a write whose request had already failed could still happen.
 * The heartbeat notices a dead server (FerretDB has no streaming monitor) and a returning one.
 */
export const CONNECTION_OPTIONS: ConnectOptions = {
  bufferCommands: false,
  serverSelectionTimeoutMS: 5000,
  heartbeatFrequencyMS: 2000,
};

const PING_TIMEOUT_MS = 1000;

/** The driver's own errors for "no server to talk to" (mongoose's copy of the driver, for `instanceof`). */
const { MongoNetworkError, MongoServerSelectionError, MongoNotConnectedError, MongoTopologyClosedError } =
  mongoose.mongo;
/** The driver lets some socket errors through unwrapped, e.g. EPIPE when it writes to a server that just died. */
const LOST_CONNECTION_CODES = new Set(['EPIPE', 'ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT']);

export function isDatabaseUnavailable(error: unknown): boolean {
  if (
    error instanceof MongoNetworkError ||
    error instanceof MongoServerSelectionError ||
    error instanceof MongoNotConnectedError ||
    error instanceof MongoTopologyClosedError ||
    LOST_CONNECTION_CODES.has((error as { code?: unknown } | null)?.code as string)
  ) {
    return true;
  }
  // A bulk write wraps what stopped it (a lost connection too) as its `errorResponse`.
  const wrapped = (error as { errorResponse?: unknown } | null)?.errorResponse;
  return wrapped instanceof Error && isDatabaseUnavailable(wrapped);
}

export const databaseUnavailable = () => new AppError(503, ErrorCode.Unavailable, SERVER_TEXT.unavailable);

/** Connected as far as the driver knows, and answering a ping now. */
export async function isDatabaseReachable(mongo: Connection): Promise<boolean> {
  if (mongo.readyState !== mongoose.ConnectionStates.connected || !mongo.db) return false;
  try {
    await mongo.db.command({ ping: 1 }, { timeoutMS: PING_TIMEOUT_MS });
    return true;
  } catch {
    return false;
  }
}

const routeKey = (method: string, url: string) => `${method} ${url}`;
/** Every API call that reaches the database: all contracts but the health checks, metrics and the OpenAPI document. */
const UNGATED: readonly unknown[] = [api.health, api.ready, api.docs, api.metrics];
const GATED = new Set(
  Object.values(api)
    .filter((contract) => !UNGATED.includes(contract))
    .map(({ method, url }) => routeKey(method, url)),
);

/**
 * While the driver knows the database is down, API calls answer 503 at once instead of each
 * waiting out server selection (and queueing behind one another's inserts).
 */
async function databaseGatePlugin(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    if (app.mongo.readyState === mongoose.ConnectionStates.connected) return;
    if (GATED.has(routeKey(request.method, request.routeOptions.url ?? ''))) throw databaseUnavailable();
  });
}

// Named, so that fastify-plugin needs no stack trace to name it (at import, with source maps on, 0.2 s).
export const databaseGate = fp(databaseGatePlugin);
