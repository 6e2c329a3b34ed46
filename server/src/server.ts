import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type App, buildApp } from './app.ts';
import { ConfigError, dataDirOf, type EnvConfig, loadEnv } from './config.ts';
import { openControlSocket } from './operations/control-socket.ts';
import { type DatabaseServer, startDatabaseServer, withDatabase } from './storage/index.ts';

const SHUTDOWN_DEADLINE_MS = 10_000;
const repoRoot = resolve(fileURLToPath(import.meta.url), '../../..');

export interface StartOptions {
  /** Runs after the app is built and before it listens (the seed script hooks in here). */
  beforeListen?: (app: App) => Promise<void>;
}

/**
 * The database this environment names (MONGODB_URI, else the embedded one under DATA_DIR) and the whole app on
 * it, built but not listening: the server, the admin commands and the seed script all start here.
 */
export async function openProduct(env: EnvConfig = loadEnv()): Promise<{ app: App; database: DatabaseServer }> {
  const dataDir = dataDirOf(env);
  if (env.NODE_ENV === 'production' && !env.REDIS_URL) {
    // The read models, rooms and rate limits of several processes meet only in Redis.
    process.stderr.write(
      'REDIS_URL is not set: this server must be the only process serving this database (set REDIS_URL to run more)\n',
    );
  }
  const database = await startDatabaseServer({
    uri: env.MONGODB_URI,
    dataDir,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  const app = await buildApp({
    ...env,
    DATA_DIR: dataDir,
    CLIENT_DIST: env.CLIENT_DIST ?? join(repoRoot, 'client/dist'),
    database: {
      backend: database.backend,
      uri: database.backend === 'external' ? database.uri : withDatabase(database.uri, 'enclave'),
    },
  }).catch(async (error: unknown) => {
    // A failed start must not leave the embedded database it started running behind it.
    await database.stop();
    throw error;
  });
  return { app, database };
}

/** Picks the database, builds the app, listens, and stops everything cleanly on SIGTERM/SIGINT. */
export async function start({ beforeListen }: StartOptions = {}): Promise<App> {
  const env = loadEnv();
  const { app, database } = await openProduct(env);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    await app.close();
    await database.stop();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  try {
    await openControlSocket(app);
    await beforeListen?.(app);
    const url = await app.listen({ host: env.HOST, port: env.PORT });
    app.log.info(
      { url, database: database.backend, data: database.data },
      `Enclave on ${url}, data in ${database.data}`,
    );
  } catch (error) {
    await app.close().catch(() => undefined);
    await database.stop();
    throw error;
  }
  return app;
}

export function exitOnStartupError(error: unknown): never {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) start().catch(exitOnStartupError);
