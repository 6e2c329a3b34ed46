import { randomBytes } from 'node:crypto';
import type { DatabaseBackend } from '@enclave/protocol';
import { expect, inject } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { type AppConfig, loadEnv } from '../config.ts';
import { withDatabase } from '../storage/index.ts';
import { onFileEnd } from './cleanup.ts';
import { SECRETS } from './secrets.ts';

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
    // No digest or group-buy sweep, nor forum snapshot, on a timer unless a test asks: their collection reads would show in scansDuring.
    ...loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      NOTIFICATION_DIGEST_CHECK_MS: '0',
      GROUP_BUY_SWEEP_MS: '0',
      MUTE_END_CHECK_MS: '0',
      FORUM_SNAPSHOT_MS: '0',
      ...env,
    }),
    database: isolatedDatabase(),
  };
}

/**
 * Builds the app on its own database (or on `database`, to share one or to start again on it) and
 * drops that database when the file ends. Every packet any socket is sent (direct or broadcast) is
 * checked for secrets, in every test that uses it.
 */
export async function createTestApp(env: Record<string, string> = {}, database?: AppConfig['database']): Promise<App> {
  const app = await buildApp({ ...testConfig(env), ...(database ? { database } : {}) });
  const leaks: string[] = [];
  app.io.on('connection', (socket) => {
    socket.onAnyOutgoing((event: string, ...payload: unknown[]) => {
      if (SECRETS.test(JSON.stringify(payload))) leaks.push(event);
    });
  });
  onFileEnd(async () => {
    expect(leaks, 'socket events that carried a secret').toEqual([]);
    await app.mongo.dropDatabase().catch(() => undefined);
    await app.close();
  });
  return app;
}
