import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { ABILITY_READS, FIRST_READS, PAGES, VERIFIED_MEMBER_READS } from '../src/routes/pages.ts';

/**
 * Writes pages/<page>.html for every page of the route table: index.html plus a modulepreload of each chunk the page
 * statically needs beyond the entry's, and pages.json, the HTML file of each route pattern, which the server sends
 * for the paths it matches; reads.json, the API reads each pattern's loaders start (`pages`), those a verified
 * member's pages add (`verifiedMember`) and those a page adds for a member with an ability (`abilities`), which the
 * server preloads. The browser then fetches a page's code and data
 * with the entry, instead of after it has run.
 */
export function pageHtml(): Plugin {
  return {
    name: 'enclave:page-html',
    apply: 'build',
    writeBundle({ dir = 'dist' }, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((file): file is Rolldown.OutputChunk => file.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const withImports = (files: string[], found = new Set<string>()): Set<string> => {
        for (const file of files.filter((name) => !found.has(name))) {
          found.add(file);
          withImports(chunks.get(file)?.imports ?? [], found);
        }
        return found;
      };
      const entry = withImports([...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      const index = readFileSync(join(dir, 'index.html'), 'utf8');
      mkdirSync(join(dir, 'pages'), { recursive: true });
      const pageOfPath: Record<string, string> = {};
      for (const [path, page] of Object.entries(PAGES)) {
        const chunk = [...chunks.values()].find((each) => each.facadeModuleId?.endsWith(`/src/routes/${page}.tsx`));
        if (!chunk) throw new Error(`page-html: no chunk for src/routes/${page}.tsx (routes/pages.ts)`);
        const preloads = [...withImports([chunk.fileName])]
          .filter((file) => !entry.has(file))
          .map((file) => `\n    <link rel="modulepreload" crossorigin href="/${file}">`);
        writeFileSync(
          join(dir, 'pages', `${page}.html`),
          index.replace(/\n\s*<\/head>/, `${preloads.join('')}\n  </head>`),
        );
        pageOfPath[path] = `pages/${page}.html`;
      }
      writeFileSync(join(dir, 'pages.json'), `${JSON.stringify(pageOfPath, null, 2)}\n`);
      const reads = { pages: FIRST_READS, verifiedMember: VERIFIED_MEMBER_READS, abilities: ABILITY_READS };
      writeFileSync(join(dir, 'reads.json'), `${JSON.stringify(reads, null, 2)}\n`);
    },
  };
}
