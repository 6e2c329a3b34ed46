import { join } from 'node:path';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { pageHtml } from './build/page-html.ts';
import { precompress } from './build/precompress.ts';

const api = 'http://127.0.0.1:3001';

type ModuleGraph = { getModuleInfo(id: string): { importedIds: string[]; code: string | null } | null };

/** A module that only re-exports others (protocol's index, lucide's): what imports it needs only some of them. */
function isReExportIndex(code: string | null | undefined): boolean {
  if (!code) return false;
  const rest = code
    .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '')
    .replace(/export\s+(\*(\s+as\s+[\w$]+)?|\{[^}]*\})\s+from\s+['"][^'"]+['"];?/g, '');
  return rest.trim() === '';
}

/** lucide's icons are left to the pages: the entry reaches all of them through lucide's index. */
const LUCIDE_ICON = /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

let entryCode: Set<string> | undefined;
/**
 * The modules the entry (src/main.tsx) imports statically, directly or through others, not through a re-export
 * index (through which every module of the protocol and every icon would count).
 */
function entryCodeOf(graph: ModuleGraph): Set<string> {
  if (entryCode) return entryCode;
  const found = new Set<string>();
  const next = [join(import.meta.dirname, 'src/main.tsx')];
  for (let id = next.pop(); id !== undefined; id = next.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    const info = graph.getModuleInfo(id);
    if (info && !isReExportIndex(info.code)) next.push(...info.importedIds);
  }
  entryCode = found;
  return found;
}

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
            {
              // The rest of what the entry runs (the shell, the API client, the UI texts, lucide's icon factory) as
              // one file, not the five or six fragments that its sharing with lazy chunks cut it into: every page
              // loads all of it anyway, and each file costs a request (issue #14).
              name: (id, graph) => (entryCodeOf(graph).has(id) && !LUCIDE_ICON.test(id) ? 'app' : null),
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
