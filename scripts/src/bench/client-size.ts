import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface JsFigure {
  bytes: number;
  files: string[];
}

/** The scripts an HTML file of the build loads and modulepreloads. */
function entryFiles(dist: string, page = 'index.html'): string[] {
  const html = readFileSync(join(dist, page), 'utf8');
  const entries = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].flatMap((m) =>
    m[1] ? [m[1]] : [],
  );
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].flatMap((m) =>
    m[1] ? [m[1]] : [],
  );
  return [...new Set([...entries, ...preloads])].map((file) => file.replace(/^\//, ''));
}

function gzipBytes(dist: string, files: string[]): JsFigure {
  const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0);
  return { bytes, files };
}

/** The entry script and its modulepreload links: what the browser fetches before any route's own chunk. */
export function initialJsGzipBytes(dist: string): JsFigure {
  return gzipBytes(dist, entryFiles(dist));
}

/**
 * Every chunk the files statically import, transitively (`import … from "./x.js"` and `import "./x.js"`;
 * a dynamic `import("./x.js")` is code fetched later, not before the route renders).
 */
function withStaticImports(dist: string, files: string[]): string[] {
  const seen = new Set<string>();
  const pending = [...files];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    for (const [, imported] of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) {
      if (imported) pending.push(join(file, '..', imported));
    }
  }
  return [...seen];
}

/**
 * All JS each page needs before it renders, gzip, by page name: what the page's own HTML (pages.json, the file the
 * server sends for its paths) loads and modulepreloads, and every chunk these import statically.
 */
export function pageJsGzipBytes(dist: string): Map<string, JsFigure> {
  const pageHtml = Object.values(JSON.parse(readFileSync(join(dist, 'pages.json'), 'utf8')) as Record<string, string>);
  return new Map(
    [...new Set(pageHtml)].map((html) => [
      basename(html, '.html'),
      gzipBytes(dist, withStaticImports(dist, entryFiles(dist, html))),
    ]),
  );
}

/** Issue #14: the pages a visitor lands on first need at most 150 KB gzip before they render, any page 200 KB. */
const FIRST_PAGES = [
  ['/', 'home-page'],
  ['/forums', 'home-page'],
  ['/thread/{id}', 'thread-page'],
] as const;
const FIRST_PAGE_GOAL_KB = 150;
const ANY_PAGE_GOAL_KB = 200;

/** One row per route: the JS it needs before it renders, and the goal's verdict; the largest page last. */
export function jsRouteRows(pages: Map<string, JsFigure>): string[][] {
  const kb = (figure: JsFigure) => `${(figure.bytes / 1024).toFixed(1)} KB (${figure.files.length} files)`;
  const row = (label: string, figure: JsFigure | undefined, goalKb: number) => [
    label,
    figure ? kb(figure) : 'no chunk',
    `<= ${goalKb} KB: ${figure && figure.bytes <= goalKb * 1024 ? 'pass' : 'MISS'}`,
  ];
  const [largest, figure] = [...pages].sort(([, a], [, b]) => b.bytes - a.bytes)[0] ?? [];
  return [
    ...FIRST_PAGES.map(([path, page]) => row(`${path} (${page})`, pages.get(page), FIRST_PAGE_GOAL_KB)),
    ...(largest ? [row(`largest route (${largest})`, figure, ANY_PAGE_GOAL_KB)] : []),
  ];
}
