/**
 * The server as production runs it: one ES module, `server/dist/server.mjs`, with the sources and the pure-JS
 * dependencies bundled in. A start then reads one file instead of compiling TypeScript and resolving some thousand
 * modules: 0.4 s instead of 2 s here (docs/benchmarks.md, "restart"), which is most of a restart's first answer.
 *
 * `npm run build` writes it; the tests that start the server as a process build it first (`test/server-process.ts`).
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const SERVER_BUNDLE = fileURLToPath(new URL('../dist/server.mjs', import.meta.url));

/**
 * Left to Node at run time: native addons, pino (its transports start worker threads from files of their own), and
 * what the MongoDB driver and ws load only if installed (none is, so each stays an optional `require`).
 */
const EXTERNAL = [
  'argon2',
  'sharp',
  'bufferutil',
  'utf-8-validate',
  'pino',
  'pino-pretty',
  'thread-stream',
  'mongodb-memory-server',
  'kerberos',
  'snappy',
  'socks',
  'aws4',
  'gcp-metadata',
  'mongodb-client-encryption',
  '@mongodb-js/zstd',
  '@aws-sdk/credential-providers',
];

export async function buildServer(): Promise<string> {
  await build({
    entryPoints: [fileURLToPath(new URL('./server.ts', import.meta.url))],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    // Node reads the map at the start (--enable-source-maps) and stack traces need only its mappings: without the
    // sources in it, 5 MB instead of 16. Whitespace out: 5.6 MB of code to compile instead of 8.3 (names kept).
    sourcemap: 'linked',
    sourcesContent: false,
    minifyWhitespace: true,
    logLevel: 'warning',
    // Bundled CommonJS packages still `require` Node's own modules.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  return SERVER_BUNDLE;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(`built ${await buildServer()}\n`);
}
