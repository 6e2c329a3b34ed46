import type { TestProject } from 'vitest/node';
import { buildServer } from '../production-build.ts';
import { startDatabaseServer } from '../storage/index.ts';

/**
 * One database server for the whole run; every test file then gets a database of its own. The server's production
 * bundle is built once, for the tests that start it as a process (`server-process.ts`).
 */
export default async function setup(project: TestProject) {
  await buildServer();
  const server = await startDatabaseServer({
    uri: process.env.MONGODB_URI,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  project.provide('mongoServerUri', server.uri);
  project.provide('databaseBackend', server.backend);
  return () => server.stop();
}
