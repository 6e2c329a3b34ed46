import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes a brotli and a gzip copy beside every script, style sheet and page of the build, which the server sends
 * to a browser that accepts them (@fastify/static `preCompressed`): compressed once here, at the best ratio,
 * instead of on every request. At the close of the build, once every plugin has written its files.
 */
export function precompress(outDir: string): Plugin {
  return {
    name: 'enclave:precompress',
    apply: 'build',
    closeBundle() {
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' });
      for (const file of files.filter((name) => /\.(js|css|html)$/.test(name))) {
        const source = readFileSync(join(outDir, file));
        const brotli = { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } };
        writeFileSync(join(outDir, `${file}.br`), brotliCompressSync(source, brotli));
        writeFileSync(join(outDir, `${file}.gz`), gzipSync(source, { level: constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}
