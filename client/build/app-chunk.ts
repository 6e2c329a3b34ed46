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
const PAGE_MODULE = /[\\/]src[\\/]routes[\\/][\w-]+-page\.tsx$/;
const NODE_MODULES = /[\\/]node_modules[\\/]/;
const LUCIDE_INDEX = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const LUCIDE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g;
const LUCIDE_EXPORT = /export\s*\{([^}]*)\}\s*from\s*["'](\.\/icons\/[\w-]+\.mjs)["']/g;

/** lucide's icon files by every name lucide exports them under (`PenSquare` and `SquarePen` are one file). */
function lucideIconsOf(graph: ModuleGraph, indexId: string): Map<string, string> {
  const icons = new Map<string, string>();
  const code = graph.getModuleInfo(indexId)?.code ?? '';
  for (const [, names = '', file = ''] of code.matchAll(LUCIDE_EXPORT)) {
    for (const [, name] of names.matchAll(/default as (\w+)/g)) if (name) icons.set(name, join(dirname(indexId), file));
  }
  return icons;
}

/** A module that only re-exports others (protocol's index): what imports it needs only some of them. */
function isReExportIndex(code: string | null | undefined): boolean {
  if (!code) return false;
  const rest = code
    .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '')
    .replace(/export\s+(\*(\s+as\s+[\w$]+)?|\{[^}]*\})\s+from\s+['"][^'"]+['"];?/g, '');
  return rest.trim() === '';
}

/** The icons a module names in its `import { … } from 'lucide-react'`. */
function namedIcons(code: string, icons: Map<string, string>): string[] {
  return [...code.matchAll(LUCIDE_IMPORT)].flatMap(([, names = '']) =>
    names.split(',').flatMap((name) => icons.get(name.trim().split(/\s+as\s+/)[0] ?? '') ?? []),
  );
}

let appCode: Set<string> | undefined;
/**
 * The modules reachable by static imports from the entry (libraries included), and from the first pages (their
 * libraries aside: react-aria stays where a page needs it), not through a re-export index, and through lucide's
 * index only to the icons a module names.
 */
export function appCodeOf(graph: ModuleGraph): Set<string> {
  if (appCode) return appCode;
  const found = new Set<string>();
  let icons: Map<string, string> | undefined;
  const visit = (roots: string[], withLibraries: boolean) => {
    const seen = new Set<string>();
    const next = [...roots];
    for (let id = next.pop(); id !== undefined; id = next.pop()) {
      if (seen.has(id)) continue;
      seen.add(id);
      const info = graph.getModuleInfo(id);
      if (!info) continue;
      if (!PAGE_MODULE.test(id)) found.add(id);
      if (isReExportIndex(info.code)) continue;
      for (const imported of info.importedIds) {
        if (LUCIDE_INDEX.test(imported)) {
          icons ??= lucideIconsOf(graph, imported);
          next.push(...namedIcons(info.code ?? '', icons));
        } else if (withLibraries || !NODE_MODULES.test(imported)) next.push(imported);
      }
    }
  };
  visit([ENTRY], true);
  visit(FIRST_PAGES, false);
  appCode = found;
  return found;
}
