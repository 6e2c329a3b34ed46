import { fileURLToPath } from 'node:url';
import { type App, buildApp } from '@enclave/server';
import { dataDirOf, loadEnv } from '@enclave/server/config.ts';
import { controlSocketPath } from '@enclave/server/operations/command-line.ts';
import { answers } from '@enclave/server/operations/control-socket.ts';
import { findByNumericId, startDatabaseServer, withDatabase } from '@enclave/server/storage/index.ts';
import { userModels } from '@enclave/server/users/models.ts';
import { seedDemo } from './demo/index.ts';

/**
 * Seeds the demo data into a database that has never had a member (first `npm start`), then prints the
 * demo accounts. Member 1 is never removed (a deleted account keeps its id as a tombstone), so one
 * point read answers; counting the collections read every one of them on FerretDB.
 */
export async function seedIfEmpty(app: App): Promise<void> {
  if (await findByNumericId(userModels(app).User, 1)) return;
  const accounts = await seedDemo(app);
  printAccounts(accounts);
}

export function printAccounts(accounts: { username: string; password: string; role: string }[]) {
  if (accounts.length === 0) return;
  process.stderr.write('\nDemo accounts:\n');
  for (const { username, password, role } of accounts) {
    process.stderr.write(`  ${role.padEnd(10)} ${username.padEnd(12)} password: ${password}\n`);
  }
  process.stderr.write('\n');
}

/** `npm run seed`: wipes the configured database and seeds the demo data afresh. */
async function main() {
  const env = { ...loadEnv(), LOG_LEVEL: 'warn' as const };
  if (await answers(controlSocketPath(dataDirOf(env)))) {
    // Its read models (and its embedded database) would not know the data was replaced under them.
    process.stderr.write('A server is running on this data directory: stop it before seeding.\n');
    process.exit(2);
  }
  const server = await startDatabaseServer({
    uri: env.MONGODB_URI,
    dataDir: dataDirOf(env),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  const uri = server.backend === 'external' ? server.uri : withDatabase(server.uri, 'enclave');
  const app = await buildApp({ ...env, database: { uri, backend: server.backend } });
  try {
    await app.mongo.dropDatabase();
    await app.close();
    const fresh = await buildApp({ ...env, database: { uri, backend: server.backend } });
    printAccounts(await seedDemo(fresh));
    // Server processes elsewhere on this database (told over Redis with REDIS_URL) reload what they hold.
    await fresh.ready();
    fresh.changes.tell({ kind: 'all' });
    await fresh.close();
  } finally {
    await server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
