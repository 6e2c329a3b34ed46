import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The entry script and its modulepreload links: what the browser fetches before `/` can render. */
export function initialJsGzipBytes(dist: string): { bytes: number; files: string[] } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].flatMap((m) =>
    m[1] ? [m[1]] : [],
  );
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].flatMap((m) =>
    m[1] ? [m[1]] : [],
  );
  const files = [...new Set([...entries, ...preloads])];
  const bytes = files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(dist, file.replace(/^\//, '')))).length,
    0,
  );
  return { bytes, files };
}
