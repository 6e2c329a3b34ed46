import { dirname, join } from 'node:path';

export type ModuleGraph = {
  getModuleInfo(id: string): { importedIds: readonly string[]; code: string | null } | null;
};

const SRC = join(import.meta.dirname, '../src');
/**
 * What the `app` chunk holds: the entry (src/main.tsx) and everything it imports statically, plus the code of the
 * pages a visitor lands on first (home, thread, category), the page modules themselves aside. Their components
 * (the thread list, the tags, the time stamps, the icons) are a few KB in all; in one file with the entry instead of
 * some twenty of their own, they cost no request: over HTTP/1.1 a browser fetches six files at a time, so twenty
 * small files are four round trips before the first page can render (issue #14). Every other page loads them too,
 * some 10 KB compressed, within its budget.
 */
const ENTRY = join(SRC, 'main.tsx');
const FIRST_PAGES = ['home-page', 'thread-page', 'category-page'].map((page) => join(SRC, `routes/${page}.tsx`));
const LATER_PAGES = [
  'auth-page',
  'profile-page',
  'wallet-page',
  'transactions-page',
  'messages-page',
  'admin-page',
  'edit-thread-page',
];
const PAGE_MODULE = /[\\/]src[\\/]routes[\\/][\w-]+-page\.tsx$/;
const NODE_MODULES = /[\\/]node_modules[\\/]/;
/**
 * Libraries whose index gathers every part of them (lucide's icons, react-aria's components): through one, a module
 * needs only the parts it names, not the hundreds the index imports (tree-shaking drops the rest from the bundle,
 * but the module graph still holds them).
 */
const BARRELS = [
  { index: /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/, specifier: 'lucide-react' },
  { index: /[\\/]react-aria-components[\\/]dist[\\/]exports[\\/]index\.mjs$/, specifier: 'react-aria-components' },
];
/** `export { default as X, Y } from './x.mjs'` (lucide) and `import { X as $h, Y as $i } from '../private/x.mjs'` (react-aria). */
const BARREL_LINE = /(?:export|import)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;

/** A barrel's files by every name it exports them under (lucide's `PenSquare` and `SquarePen` are one file). */
function barrelPartsOf(graph: ModuleGraph, indexId: string): Map<string, string> {
  const parts = new Map<string, string>();
  for (const [line, names = '', file = ''] of (graph.getModuleInfo(indexId)?.code ?? '').matchAll(BARREL_LINE)) {
    for (const binding of names.split(',')) {
      const [imported = '', local = imported] = binding.trim().split(/\s+as\s+/);
      // An export names the part by its alias; react-aria's index imports each part under a hashed alias and
      // exports it again under its own name.
      const name = line.startsWith('export') ? local : imported;
      if (name && name !== 'default') parts.set(name, join(dirname(indexId), file));
    }
  }
  return parts;
}

/** A module that only re-exports others (protocol's index): what imports it needs only some of them. */
function isReExportIndex(code: string | null | undefined): boolean {
  if (!code) return false;
  const rest = code
    .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '')
    .replace(/export\s+(\*(\s+as\s+[\w$]+)?|\{[^}]*\})\s+from\s+['"][^'"]+['"];?/g, '');
  return rest.trim() === '';
}

/** The parts a module names in its `import { … } from '<specifier>'`. */
function namedParts(code: string, specifier: string, parts: Map<string, string>): string[] {
  const imports = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${specifier}["']`, 'g');
  return [...code.matchAll(imports)].flatMap(([, names = '']) =>
    names.split(',').flatMap((name) => parts.get(name.trim().split(/\s+as\s+/)[0] ?? '') ?? []),
  );
}

/**
 * The modules reachable by static imports from `roots` (libraries too when `withLibraries`), not through a re-export
 * index, and through a library's index (BARRELS) only to the parts a module names; page modules themselves left out.
 */
function staticallyImported(graph: ModuleGraph, roots: string[], withLibraries: boolean): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>();
  const barrels = new Map<string, Map<string, string>>();
  const next = [...roots];
  for (let id = next.pop(); id !== undefined; id = next.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    if (!PAGE_MODULE.test(id)) found.add(id);
    if (isReExportIndex(info.code)) continue;
    for (const imported of info.importedIds) {
      const barrel = BARRELS.find(({ index }) => index.test(imported));
      if (barrel) {
        const parts = barrels.get(imported) ?? barrelPartsOf(graph, imported);
        barrels.set(imported, parts);
        next.push(...namedParts(info.code ?? '', barrel.specifier, parts));
      } else if (withLibraries || !NODE_MODULES.test(imported)) next.push(imported);
    }
  }
  return found;
}

let appCode: Set<string> | undefined;
/** The entry's static imports (libraries included) and the first pages' (their libraries aside: react-aria stays where a page needs it). */
export function appCodeOf(graph: ModuleGraph): Set<string> {
  appCode ??= new Set([...staticallyImported(graph, [ENTRY], true), ...staticallyImported(graph, FIRST_PAGES, false)]);
  return appCode;
}

export const SHARED_BY_PAGES = 'pages-shared';
let laterPageCode: Map<string, string> | undefined;
/**
 * Where what the other pages (LATER_PAGES) need before they render goes, beyond the app chunk: what two of them or more
 * need (the segmented tabs, the text fields, the form) in `pages-shared`, and what only one needs in `<page>-parts`. Automatic splitting cut this code into twenty or thirty files of about a kilobyte each,
 * by which lazy dialogs elsewhere share them: over HTTP/1.1 four or five more round trips before the page renders,
 * which made up much of these pages' largest paint of 3.2-3.5 s in Lighthouse's simulation (issue #26). A dialog
 * elsewhere that uses one of these modules loads its whole file, a few KB more than it needs.
 */
export function laterPageChunkOf(graph: ModuleGraph, id: string): string | null {
  if (!laterPageCode) {
    const app = appCodeOf(graph);
    const pagesNeeding = new Map<string, string[]>();
    for (const page of LATER_PAGES) {
      for (const needed of staticallyImported(graph, [join(SRC, `routes/${page}.tsx`)], true)) {
        if (!app.has(needed)) pagesNeeding.set(needed, [...(pagesNeeding.get(needed) ?? []), page]);
      }
    }
    laterPageCode = new Map(
      [...pagesNeeding].map(([needed, pages]) => [needed, pages.length > 1 ? SHARED_BY_PAGES : `${pages[0]}-parts`]),
    );
  }
  return laterPageCode.get(id) ?? null;
}
