import { join } from 'node:path';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { appCodeOf, laterPageChunkOf, SHARED_BY_PAGES } from './build/app-chunk.ts';
import { pageHtml } from './build/page-html.ts';
import { precompress } from './build/precompress.ts';

const api = 'http://127.0.0.1:3001';

/** The chunks the app imports by itself once the first screen is there (layout/first-screen.ts). */
const LOADED_AFTER_FIRST_SCREEN = /^assets\/(socket-connection|live-sync|reply-editor)-/;

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
    modulePreload: {
      // Vite preloads a lazy chunk's imports with a <link rel="modulepreload"> each as the chunk is imported, so that
      // they come at once rather than one level after another; inserting the links is main-thread work, about 0.5 ms
      // each. Wanted where a person waits (a page, a dialog); not for what the app loads by itself after the first
      // screen, where some hundred links were a third of the blocking time Lighthouse measured (issue #14).
      resolveDependencies: (filename, deps) => (LOADED_AFTER_FIRST_SCREEN.test(filename) ? [] : deps),
    },
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
            {
              // The rest of what the entry runs (the shell, the API client, the UI texts, lucide's icon factory) and
              // the first pages' components as one file, not the twenty-odd fragments their sharing with lazy chunks
              // cuts them into: each file costs a request (build/app-chunk.ts, issue #14).
              name: (id, graph) => (appCodeOf(graph).has(id) ? 'app' : null),
            },
            // The other pages' first screens (build/app-chunk.ts). What they share goes first: a group takes its
            // modules' imports along, so a page's own group would otherwise take the shared code it imports.
            { name: (id, graph) => (laterPageChunkOf(graph, id) === SHARED_BY_PAGES ? SHARED_BY_PAGES : null) },
            { name: (id, graph) => laterPageChunkOf(graph, id) },
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
