import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const api = 'http://127.0.0.1:3001';

/**
 * Writes a brotli and a gzip copy beside every script, style sheet and page of the build, which the server sends
 * to a browser that accepts them (@fastify/static `preCompressed`): compressed once here, at the best ratio,
 * instead of on every request.
 */
function precompress(): Plugin {
  return {
    name: 'enclave:precompress',
    apply: 'build',
    writeBundle({ dir = 'dist' }, bundle) {
      for (const fileName of Object.keys(bundle).filter((name) => /\.(js|css|html)$/.test(name))) {
        const source = readFileSync(join(dir, fileName));
        writeFileSync(
          join(dir, `${fileName}.br`),
          brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
        );
        writeFileSync(join(dir, `${fileName}.gz`), gzipSync(source, { level: constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), vanillaExtractPlugin(), precompress()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // One style sheet for every page (about 11 KB compressed), linked from index.html: the static shell is styled
    // by it at first paint, and no page waits for its own style sheets after its script has loaded.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page runs on (React, the router, the query cache, the stores) as one file that outlives
          // releases in the cache, instead of the shared fragments automatic splitting cuts it into.
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|use-sync-external-store|zustand|immer)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'client',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // Rendering tests share two cores with the server project; give them room under load.
    testTimeout: 20_000,
  },
});
