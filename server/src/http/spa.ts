import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode, SERVER_TEXT } from '@enclave/protocol';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * Serves the built client: hashed assets cached for a year, and `index.html` for every
 * other non-API path so deep links work. Unknown `/api/*` paths answer a 404 JSON.
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
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/') || path.startsWith('/socket.io');
    // A missing build file is a 404, never the page: a stale tab must not run HTML as a script.
    const isAsset = path.startsWith('/assets/');
    if (!isApi && !isAsset && root && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    throw new AppError(404, ErrorCode.NotFound, SERVER_TEXT.routeNotFound(request.method, path));
  });
}
