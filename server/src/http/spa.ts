import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type Abilities, api, ErrorCode, SERVER_TEXT } from '@enclave/protocol';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { abilitiesOf } from '../users/abilities.ts';
import { asReader } from '../users/standing.ts';
import type { UserRecord } from '../users/user-model.ts';

/** A path parameter the server will put into a preload's address: a record id, nothing else. */
const RECORD_ID = /^[1-9][0-9]{0,14}$/;

interface PageRoute {
  route: RegExp;
  params: string[];
  html: string;
  reads: readonly string[];
  abilityReads: [keyof Abilities, string[]][];
}

/**
 * A read of the build's `reads.json` (client/src/routes/pages.ts): a name of protocol's `api` table, or one with a
 * query whose values are constants or `$param`s of the path.
 */
type BuildRead = string | { read: string; query: Record<string, string> };

interface BuildReads {
  /** The reads each route pattern's loaders start. */
  pages: Record<string, readonly BuildRead[]>;
  /** The reads every page adds for a member whose email is verified (the header's badges). */
  verifiedMember: readonly BuildRead[];
  /** The reads a route pattern adds for a member with an ability (the console's first panel for staff). */
  abilities?: Record<string, Partial<Record<keyof Abilities, readonly BuildRead[]>>>;
}

/**
 * The addresses of the reads, a path parameter as `:name` (in the query too); only GETs, a `login` (a POST) is left
 * out. The query is written in its given order: the browser hands a preloaded answer only to the same address.
 */
const readUrls = (reads: readonly BuildRead[] = []) =>
  reads.flatMap((read) => {
    const { name, query } =
      typeof read === 'string' ? { name: read, query: {} } : { name: read.read, query: read.query };
    const endpoint = (api as Record<string, { method: string; url: string } | undefined>)[name];
    if (endpoint?.method !== 'GET') return [];
    const search = Object.entries(query)
      .map(
        ([key, value]) =>
          `${encodeURIComponent(key)}=${value.startsWith('$') ? `:${value.slice(1)}` : encodeURIComponent(value)}`,
      )
      .join('&');
    return [search ? `${endpoint.url}?${search}` : endpoint.url];
  });

const preloadLink = (url: string) =>
  `\n    <link rel="preload" as="fetch" crossorigin="use-credentials" href="${url.replaceAll('&', '&amp;')}">`;

/**
 * The build's HTML for each route pattern (`pages.json`, e.g. `/thread/$id` → `pages/thread-page.html`): index.html
 * with that page's chunks preloaded, plus the API reads its route loaders start (`reads.json`, e.g. `thread`,
 * `/api/threads/:id`), preloaded with `<link rel="preload" as="fetch">` so the data comes in parallel with the code,
 * and for a verified member the header's reads too. Any other path gets index.html as it is.
 */
function pageHtmlOf(
  root: string,
  abilitiesOfViewer: (viewer: UserRecord) => Abilities,
): (path: string, viewer: UserRecord | null) => string {
  const read = (file: string) => readFileSync(join(root, file), 'utf8');
  const index = read('index.html');
  const pagesFile = join(root, 'pages.json');
  if (!existsSync(pagesFile)) return () => index;
  const readsFile = join(root, 'reads.json');
  const reads: BuildReads = existsSync(readsFile)
    ? (JSON.parse(read('reads.json')) as BuildReads)
    : { pages: {}, verifiedMember: [] };
  const memberPreloads = readUrls(reads.verifiedMember).map(preloadLink).join('');
  const htmlOf = new Map<string, string>();
  const pages: PageRoute[] = Object.entries(JSON.parse(read('pages.json')) as Record<string, string>).map(
    ([pattern, html]) => {
      if (!htmlOf.has(html)) htmlOf.set(html, read(html));
      return {
        route: new RegExp(`^${pattern.replace(/\$\w+/g, '([^/]+)')}/?$`, 'i'),
        params: [...pattern.matchAll(/\$(\w+)/g)].map((match) => match[1] ?? ''),
        html,
        reads: readUrls(reads.pages[pattern]),
        abilityReads: Object.entries(reads.abilities?.[pattern] ?? {}).map(([ability, granted]) => [
          ability as keyof Abilities,
          readUrls(granted),
        ]),
      };
    },
  );
  return (path, viewer) => {
    for (const page of pages) {
      const match = page.route.exec(path);
      if (!match) continue;
      const params = new Map(page.params.map((name, at) => [name, match[at + 1] ?? '']));
      // Only the table's own addresses, with record ids from the path: nothing else of the request goes in.
      const abilities = viewer && abilitiesOfViewer(viewer);
      const pageReads = [
        ...page.reads,
        ...page.abilityReads.flatMap(([ability, urls]) => (abilities?.[ability] ? urls : [])),
      ];
      const preloads = pageReads
        .filter((url) => isSafeRead(url, params))
        .map((url) => preloadLink(url.replace(/:(\w+)/g, (_, name: string) => params.get(name) ?? '')))
        .join('');
      const ofMember = viewer?.isEmailVerified ? memberPreloads : '';
      return (htmlOf.get(page.html) ?? index).replace(/\n\s*<\/head>/, `${preloads}${ofMember}\n  </head>`);
    }
    return index;
  };
}

/** A read whose `:params` are all record ids in this path (a `/thread/abc` preloads nothing of the thread). */
function isSafeRead(url: string, params: Map<string, string>): boolean {
  return [...url.matchAll(/:(\w+)/g)].every((match) => RECORD_ID.test(params.get(match[1] ?? '') ?? ''));
}

const compressedPages = new Map<string, { br: Buffer; gzip: Buffer }>();

/**
 * A page's HTML, compressed as the browser accepts (the build's precompressed copies no longer apply: the preloads
 * depend on the path). Each distinct page is compressed once; the cache is emptied when it holds 1,000.
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  // A member's page preloads the member's own reads: it is for this browser only.
  reply
    .header('Cache-Control', 'private, no-cache')
    .header('Vary', 'Accept-Encoding, Cookie')
    .type('text/html; charset=utf-8');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
  if (!encoding) return reply.send(html);
  let compressed = compressedPages.get(html);
  if (!compressed) {
    if (compressedPages.size >= 1000) compressedPages.clear();
    compressed = {
      br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(html, { level: 9 }),
    };
    compressedPages.set(html, compressed);
  }
  return reply.header('Content-Encoding', encoding).send(compressed[encoding]);
}

/**
 * Serves the built client: hashed assets cached for a year, and the page's HTML (index.html for paths the route
 * table does not know) for every other non-API path so deep links work. Unknown `/api/*` paths answer a 404 JSON.
 */
export async function registerSpa(app: FastifyInstance, clientDist: string | undefined) {
  const root = clientDist && existsSync(join(clientDist, 'index.html')) ? clientDist : undefined;
  if (root) {
    await app.register(fastifyStatic, {
      // The build's hashed files, under one wildcard route: a route per file (`wildcard: false`) was some 600 routes
      // (each file and its .br and .gz, GET and HEAD) added at every start, 60 ms of a restart (issue #26). A path
      // with no file under it goes to the not-found handler below, a 404.
      root: join(root, 'assets'),
      prefix: '/assets/',
      wildcard: true,
      index: false,
      // The build writes a .br and a .gz beside each file; the browser gets the smallest it accepts.
      preCompressed: true,
      setHeaders(res) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const requireVerifiedEmail = app.config.REQUIRE_EMAIL_VERIFICATION;
  const staffRequireSecondFactor = app.config.STAFF_REQUIRE_2FA === true;
  // Abilities as the route guards see them (staff waiting to add a required factor as members): the reads they open
  // would answer 403 to anyone else.
  const abilitiesOfViewer = (viewer: UserRecord) =>
    abilitiesOf(asReader(viewer, staffRequireSecondFactor), { requireVerifiedEmail });
  const pageHtml = root ? pageHtmlOf(root, abilitiesOfViewer) : undefined;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/') || path.startsWith('/socket.io');
    // A missing build file is a 404, never the page: a stale tab must not run HTML as a script.
    const isAsset = path.startsWith('/assets/');
    if (!isApi && !isAsset && root && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendPage(request, reply, pageHtml?.(path, request.viewer) ?? '');
    }
    throw new AppError(404, ErrorCode.NotFound, SERVER_TEXT.routeNotFound(request.method, path));
  });
}
