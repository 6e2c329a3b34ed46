import { join } from 'node:path';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { pageHtml } from './build/page-html.ts';
import { precompress } from './build/precompress.ts';

const api = 'http://127.0.0.1:3001';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), vanillaExtractPlugin(), pageHtml(), precompress(join(import.meta.dirname, 'dist'))],
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
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|use-sync-external-store|zustand)[\\/]/,
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
