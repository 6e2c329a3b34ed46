import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type App, buildApp } from '@enclave/server';
import { loadEnv } from '@enclave/server/config.ts';
import { startDatabaseServer, withDatabase } from '@enclave/server/storage/index.ts';
import { CLIENT_DIST } from '../client-build.ts';
import type { DatasetSize } from './dataset.ts';
import { writeDataset } from './forum-dataset.ts';

export interface MembersProduct {
  app: App;
  url: string;
  stop: () => Promise<void>;
}

/** Written beside a kept dataset once it is complete: a run cut short while writing writes it again. */
const WRITTEN = 'dataset-written';

/**
 * The product as `npm start` serves it (API, sockets and the built client) on the members bench's dataset at `size`
 * (bench/forum-dataset.ts): what a browser bench loads. The dataset is written in a fresh database, dropped at the
 * end; with `keepIn`, in that directory instead, written once and reused by the next runs (to iterate on the client).
 */
export async function startMembersProduct(
  size: DatasetSize,
  log: (line: string) => void,
  keepIn?: string,
): Promise<MembersProduct> {
  const kept = keepIn ? resolve(keepIn) : undefined;
  if (kept) mkdirSync(kept, { recursive: true });
  const database = await startDatabaseServer({ uri: process.env.MONGODB_URI, dataDir: kept, log });
  const uri = withDatabase(database.uri, 'enclave-browser-bench');
  // Backups and the admin socket live in DATA_DIR: one of the bench's own, not the developer's `.data`.
  const dataDir = await mkdtemp(join(tmpdir(), 'enclave-browser-'));
  let app: App | undefined;
  const stop = async () => {
    if (app && !kept) await app.mongo.dropDatabase().catch(() => undefined);
    await app?.close();
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    if (!kept || !existsSync(join(kept, WRITTEN))) {
      log(`browser bench: writing the dataset (${size.threads} threads, ${size.replies} replies)`);
      await writeDataset(uri, size);
      if (kept) writeFileSync(join(kept, WRITTEN), new Date().toISOString());
    }
    app = await buildApp({
      ...loadEnv({
        ...process.env,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        CLIENT_DIST,
        DATA_DIR: dataDir,
        BACKUP_INTERVAL_HOURS: '0',
      }),
      database: { uri, backend: database.backend },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    await stop();
    throw error;
  }
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, stop };
}
