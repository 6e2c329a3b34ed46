import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitOnStartupError, start } from '@enclave/server/server';
import { seedIfEmpty } from './seed.ts';

const root = resolve(fileURLToPath(import.meta.url), '../../..');

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newestChange(join(path, entry))));
}

/** Builds the client when there is no build yet or its sources changed since the last one. */
function buildClientIfNeeded() {
  const builtIndex = join(root, 'client/dist/index.html');
  const sources = ['client/src', 'client/index.html', 'protocol/src'].map((path) => join(root, path));
  if (existsSync(builtIndex) && statSync(builtIndex).mtimeMs >= Math.max(...sources.map(newestChange))) return;
  process.stderr.write('building the client (vite build)...\n');
  execFileSync('npm', ['run', 'build', '-w', 'client'], { cwd: root, stdio: 'inherit' });
}

buildClientIfNeeded();
const app = await start({ beforeListen: seedIfEmpty }).catch(exitOnStartupError);
const address = app.server.address();
if (address && typeof address === 'object')
  process.stderr.write(`\nEnclave is running on http://localhost:${address.port}\n`);
