import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
export const CLIENT_DIST = join(root, 'client/dist');

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newestChange(join(path, entry))));
}

/** Builds the client when there is no build yet or its sources changed since the last one. */
export function buildClientIfNeeded(): void {
  const builtIndex = join(CLIENT_DIST, 'index.html');
  const sources = [
    'client/src',
    'client/index.html',
    'client/vite.config.ts',
    'protocol/src',
    'protocol/package.json',
  ].map((path) => join(root, path));
  if (existsSync(builtIndex) && statSync(builtIndex).mtimeMs >= Math.max(...sources.map(newestChange))) return;
  process.stderr.write('building the client (vite build)...\n');
  // The production build whoever asks: under vitest NODE_ENV is 'test', and Vite would then bundle React's
  // development build (a framework chunk of 172 KB instead of 105 KB compressed).
  execFileSync('npm', ['run', 'build', '-w', 'client'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
