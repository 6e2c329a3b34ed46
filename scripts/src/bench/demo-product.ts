import type { AddressInfo } from 'node:net';
import { type App, buildApp } from '@enclave/server';
import { loadEnv } from '@enclave/server/config.ts';
import { startDatabaseServer, withDatabase } from '@enclave/server/storage/index.ts';
import { CLIENT_DIST } from '../client-build.ts';
import { seedDemo } from '../demo/index.ts';

export interface DemoProduct {
  app: App;
  url: string;
  stop: () => Promise<void>;
}

/**
 * The product as `npm start` serves it (API, sockets and the built client), on the demo data in a database of its
 * own, dropped at the end: what a browser bench loads.
 */
export async function startDemoProduct(log: (line: string) => void): Promise<DemoProduct> {
  const database = await startDatabaseServer({ uri: process.env.MONGODB_URI, log });
  const uri = withDatabase(database.uri, `enclave-demo-${Date.now()}`);
  const app = await buildApp({
    ...loadEnv({ ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'development', CLIENT_DIST }),
    database: { uri, backend: database.backend },
  });
  const stop = async () => {
    await app.mongo.dropDatabase().catch(() => undefined);
    await app.close();
    await database.stop();
  };
  try {
    await seedDemo(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    await stop();
    throw error;
  }
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, stop };
}
