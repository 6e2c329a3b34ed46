import { randomBytes } from 'node:crypto';
import type { DatabaseBackend } from '@enclave/protocol';
import { afterAll, inject } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { type AppConfig, loadEnv } from '../config.ts';
import { withDatabase } from '../db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    mongoServerUri: string;
    databaseBackend: DatabaseBackend;
  }
}

/** A database name no other test file uses. */
export function isolatedDatabase(): AppConfig['database'] {
  const name = `test_${randomBytes(6).toString('hex')}`;
  return { uri: withDatabase(inject('mongoServerUri'), name), backend: inject('databaseBackend') };
}

export function testConfig(env: Record<string, string> = {}): AppConfig {
  return {
    ...loadEnv({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', ...env }),
    database: isolatedDatabase(),
  };
}

/** Builds the app on its own database and drops that database when the file ends. */
export async function createTestApp(env: Record<string, string> = {}): Promise<App> {
  const app = await buildApp(testConfig(env));
  afterAll(async () => {
    await app.mongo.dropDatabase().catch(() => undefined);
    await app.close();
  });
  return app;
}
