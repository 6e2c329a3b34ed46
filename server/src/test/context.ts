import mongoose from 'mongoose';
import { pino } from 'pino';
import { type Database, registerCollections, type StorageContext } from '../storage/index.ts';
import { isolatedDatabase } from './app.ts';
import { onFileEnd } from './cleanup.ts';

/** A service's narrow context for a unit test, plus what the test needs to wait for its background work. */
export interface TestContext extends StorageContext {
  /** Resolves once no work handed to `afterwards` is under way. */
  settled(): Promise<void>;
}

/**
 * What a domain's rules need, without the app: a connection to a database of the test file's own with the given
 * domains' collections registered and indexed (as the app does at start), a silent log, and `afterwards`. No
 * Fastify, no HTTP server, no read models: a rule tested here depends on nothing it does not name.
 */
export async function testContext(collections: readonly ((database: Database) => object)[]): Promise<TestContext> {
  // Commands are watched, as in the app under test: a test may count what a rule reads.
  const mongo = await mongoose.createConnection(isolatedDatabase().uri, { monitorCommands: true }).asPromise();
  await registerCollections({ mongo }, collections);
  const underWay = new Set<Promise<unknown>>();
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  onFileEnd(async () => {
    await Promise.all(underWay);
    await mongo.dropDatabase().catch(() => undefined);
    await mongo.close();
  });
  return {
    mongo,
    log,
    afterwards(what, work) {
      const running = work().catch((err) => log.error({ err }, what));
      underWay.add(running);
      void running.finally(() => underWay.delete(running));
    },
    async settled() {
      while (underWay.size > 0) await Promise.all(underWay);
    },
  };
}
