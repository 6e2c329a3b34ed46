import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode, SERVER_TEXT } from '@enclave/protocol';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * The build's HTML for each route pattern (`pages.json`, e.g. `/thread/$id` → `pages/thread-page.html`): index.html
 * with that page's chunks preloaded. Any other path gets index.html.
 */
function pageHtmlOf(root: string): (path: string) => string {
  const file = join(root, 'pages.json');
  if (!existsSync(file)) return () => 'index.html';
  const pages = Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>).map(
    ([pattern, html]) => ({ route: new RegExp(`^${pattern.replace(/\$\w+/g, '[^/]+')}/?$`, 'i'), html }),
  );
  return (path) => pages.find(({ route }) => route.test(path))?.html ?? 'index.html';
}

/**
 * Serves the built client: hashed assets cached for a year, and the page's HTML (index.html for paths the route
 * table does not know) for every other non-API path so deep links work. Unknown `/api/*` paths answer a 404 JSON.
 */
export async function registerSpa(app: FastifyInstance, clientDist: string | undefined) {
  const root = clientDist && existsSync(join(clientDist, 'index.html')) ? clientDist : undefined;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside each file; the browser gets the smallest it accepts.
      preCompressed: true,
      setHeaders(res, path) {
        res.header(
          'Cache-Control',
          path.includes(`${join(root, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const pageHtml = root ? pageHtmlOf(root) : () => 'index.html';
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/') || path.startsWith('/socket.io');
    // A missing build file is a 404, never the page: a stale tab must not run HTML as a script.
    const isAsset = path.startsWith('/assets/');
    if (!isApi && !isAsset && root && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile(pageHtml(path));
    }
    throw new AppError(404, ErrorCode.NotFound, SERVER_TEXT.routeNotFound(request.method, path));
  });
}
