import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseBackend } from '@enclave/protocol';
import { superviseFerretdb } from './supervised-ferretdb.ts';

export interface DatabaseServer {
  backend: DatabaseBackend;
  /** Server URI without a database name; append one per app or per test file. */
  uri: string;
  reason: string;
  /** Where its data lives, for the start-up banner. */
  data: string;
  stop(): Promise<void>;
}

const MEMORY_SERVER_TIMEOUT_MS = 8000;

async function startMemoryServer(dataDir: string | undefined): Promise<DatabaseServer> {
  // Offline, the binary download must fail fast instead of retrying for minutes.
  process.env.MONGOMS_MAX_RETRIES ??= '0';
  const { MongoMemoryServer } = await import('mongodb-memory-server');
  const dbPath = dataDir ? join(dataDir, 'mongod') : undefined;
  if (dbPath) await mkdir(dbPath, { recursive: true });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no mongod within ${MEMORY_SERVER_TIMEOUT_MS} ms`)),
      MEMORY_SERVER_TIMEOUT_MS,
    );
  });
  try {
    const server = await Promise.race([
      MongoMemoryServer.create({
        instance: dbPath ? { dbPath, storageEngine: 'wiredTiger' } : {},
      }),
      timeout,
    ]);
    return {
      backend: 'mongodb-memory-server',
      uri: server.getUri(),
      data: dbPath ? `mongod files in ${dbPath}` : 'a temporary directory (deleted at exit)',
      reason: 'MONGODB_URI is not set and a mongod binary is available',
      stop: async () => {
        await server.stop({ doCleanup: !dataDir, force: false });
      },
    };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The one place that decides which MongoDB the dev server, the seed script and the tests use:
 * MONGODB_URI, else mongodb-memory-server, else FerretDB on SQLite. `dataDir` persists data
 * (npm start); without it the data lives in a temporary directory.
 */
export async function startDatabaseServer(options: {
  uri?: string;
  dataDir?: string;
  log: (line: string) => void;
}): Promise<DatabaseServer> {
  const { uri, dataDir, log } = options;
  if (uri) {
    log('database: using MONGODB_URI (external MongoDB)');
    const { host } = new URL(uri.replace(/^mongodb(\+srv)?:/, 'http:'));
    return {
      backend: 'external',
      uri,
      reason: 'MONGODB_URI is set',
      data: `the MongoDB at ${host}`,
      stop: async () => {},
    };
  }
  try {
    const server = await startMemoryServer(dataDir);
    log(`database: mongodb-memory-server at ${server.uri} (${server.reason})`);
    return server;
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    log(`database: mongodb-memory-server unavailable (${why}); falling back to FerretDB on SQLite`);
  }
  const dir = dataDir ? join(dataDir, 'ferretdb') : await mkdtemp(join(tmpdir(), 'enclave-ferretdb-'));
  const ferret = await superviseFerretdb(dir, log);
  const reason = 'no MONGODB_URI and no mongod binary could be had';
  log(`database: FerretDB at ${ferret.uri} (pid ${ferret.pid()}) with SQLite data in ${dir} (${reason})`);
  return {
    backend: 'ferretdb',
    uri: ferret.uri,
    data: `SQLite files in ${dir}${dataDir ? '' : ' (deleted at exit)'}`,
    reason,
    stop: async () => {
      await ferret.stop();
      if (!dataDir) await rm(dir, { recursive: true, force: true });
    },
  };
}

/** `mongodb://host:port/` + `name` → `mongodb://host:port/name`, keeping any query string. */
export function withDatabase(uri: string, name: string): string {
  const url = new URL(uri);
  url.pathname = `/${name}`;
  return url.toString();
}
