import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { ErrorCode } from '@enclave/protocol';
import Type from 'typebox';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { App } from './app.ts';
import { conflict } from './errors.ts';
import { createTestApp } from './test/app.ts';
import { createMember } from './test/factories.ts';

let app: App;
let clientDist: string;

const preload = (url: string) =>
  `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url.replaceAll('&', '&amp;')}">`;

beforeAll(async () => {
  clientDist = await mkdtemp(join(tmpdir(), 'enclave-dist-'));
  await mkdir(join(clientDist, 'assets'));
  await writeFile(join(clientDist, 'index.html'), '<!doctype html><title>Enclave</title><div id="root"></div>');
  await writeFile(join(clientDist, 'assets', 'main-abc123.js'), 'console.log(1)');
  await writeFile(join(clientDist, 'assets', 'main-abc123.js.br'), brotliCompressSync('console.log(1)'));
  await writeFile(
    join(clientDist, 'index.html.gz'),
    gzipSync('<!doctype html><title>Enclave</title><div id="root"></div>'),
  );
  await mkdir(join(clientDist, 'pages'));
  await writeFile(
    join(clientDist, 'pages', 'thread-page.html'),
    '<html><head>\n<title>Thread</title>\n</head><body><div id="root"></div></body></html>',
  );
  await writeFile(
    join(clientDist, 'pages.json'),
    JSON.stringify({ '/thread/$id': 'pages/thread-page.html', '/category/$id': 'pages/thread-page.html' }),
  );
  await writeFile(
    join(clientDist, 'reads.json'),
    JSON.stringify({
      pages: {
        '/thread/$id': ['user', 'thread', 'login'],
        '/category/$id': [{ read: 'threads', query: { categoryId: '$id', limit: '50', q: 'a&b' } }],
      },
      abilities: { '/thread/$id': { canModerate: [{ read: 'adminStats', query: { range: '7d' } }] } },
      verifiedMember: ['unreadMessageCount', 'notifications'],
    }),
  );
  app = await createTestApp({ CLIENT_DIST: clientDist });
  app.post(
    '/api/test/echo',
    {
      schema: {
        body: Type.Object({
          username: Type.String({ minLength: 3, errorMessage: 'Username must be at least 3 characters' }),
          age: Type.Optional(Type.Integer({ minimum: 0 })),
        }),
      },
    },
    async (request) => request.body,
  );
  app.get('/api/test/conflict', async () => {
    throw conflict('Already there', ErrorCode.Conflict, { field: 'name' });
  });
  app.get('/api/test/crash', async () => {
    throw new Error('database password is hunter2');
  });
  await app.ready();
});

describe('GET /api/health', () => {
  it('reports ok and the database backend in use', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: { backend: inject('databaseBackend'), connected: true },
    });
  });
});

describe('unknown routes', () => {
  it('answers a JSON 404 for an unknown /api path', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ message: 'Route GET /api/nope not found', code: ErrorCode.NotFound });
  });

  it('serves the SPA for any other path so deep links work', async () => {
    for (const url of ['/', '/thread/42', '/admin?tab=reports', '/some/unknown/page']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
    }
  });

  it("sends a page's own HTML (its chunks preloaded) for the paths of its route pattern", async () => {
    for (const url of ['/thread/42', '/Thread/7/', '/thread/42?reply=3']) {
      expect((await app.inject({ method: 'GET', url })).body, url).toContain('<title>Thread</title>');
    }
    for (const url of ['/thread', '/thread/42/more', '/threads/42']) {
      expect((await app.inject({ method: 'GET', url })).body, url).toContain('<title>Enclave</title>');
    }
  });

  it("preloads the reads of the page's loaders, with record ids from the path and nothing else of it", async () => {
    const page = (await app.inject({ method: 'GET', url: '/thread/42' })).body;
    expect(page).toContain(preload('/api/user'));
    expect(page).toContain(preload('/api/threads/42'));
    // Only reads (GET) are preloaded: 'login' is a POST.
    expect(page).not.toContain('/api/login');
    for (const url of [
      '/thread/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '/thread/"><script>x',
      '/thread/0',
      '/thread/4.2',
    ]) {
      const body = (await app.inject({ method: 'GET', url })).body;
      expect(body, url).toContain(preload('/api/user'));
      expect(body, url).not.toContain('/api/threads/');
      expect(body, url).not.toContain('<script');
    }
  });

  it('preloads a read with a query: constants and record ids from the path, in their order', async () => {
    const page = (await app.inject({ method: 'GET', url: '/category/7' })).body;
    expect(page).toContain(preload('/api/threads?categoryId=7&limit=50&q=a%26b'));
    for (const url of ['/category/%22%3E%3Cscript%3E', '/category/0', '/category/7&x=1']) {
      expect((await app.inject({ method: 'GET', url })).body, url).not.toContain('/api/threads');
    }
  });

  it("preloads a verified member's header reads on every page, and nobody else's", async () => {
    const badges = [preload('/api/messages/unread-count'), preload('/api/notifications')];
    const verified = (await createMember(app)).client;
    const unverified = (await createMember(app, { isEmailVerified: false })).client;
    const banned = (await createMember(app, { isBanned: true })).client;
    const response = await verified.request('GET', '/thread/42');
    for (const link of [preload('/api/threads/42'), ...badges]) expect(response.body).toContain(link);
    // The page differs by who asks: no shared cache may keep one member's for another.
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.vary).toContain('Cookie');
    for (const [who, client] of Object.entries({ unverified, banned })) {
      const body = (await client.request('GET', '/thread/42')).body;
      expect(body, who).toContain(preload('/api/threads/42'));
      for (const link of badges) expect(body, who).not.toContain(link);
    }
    for (const link of badges)
      expect((await app.inject({ method: 'GET', url: '/thread/42' })).body).not.toContain(link);
  });

  it("preloads a page's reads for an ability only for members who have it", async () => {
    const stats = preload('/api/admin/stats?range=7d');
    const moderator = (await createMember(app, { isModerator: true })).client;
    expect((await moderator.request('GET', '/thread/42')).body).toContain(stats);
    const member = (await createMember(app)).client;
    const unverifiedModerator = (await createMember(app, { isModerator: true, isEmailVerified: false })).client;
    for (const [who, client] of Object.entries({ member, unverifiedModerator })) {
      expect((await client.request('GET', '/thread/42')).body, who).not.toContain('/api/admin/');
    }
    expect((await app.inject({ method: 'GET', url: '/thread/42' })).body).not.toContain('/api/admin/');
  });

  it('preloads no staff read for staff who must add a second factor first (STAFF_REQUIRE_2FA)', async () => {
    const strict = await createTestApp({ CLIENT_DIST: clientDist, STAFF_REQUIRE_2FA: 'true' });
    const moderator = (await createMember(strict, { isModerator: true })).client;
    expect((await moderator.request('GET', '/thread/42')).body).not.toContain('/api/admin/');
  });

  it('answers 404 for a build file that does not exist, not the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/main-old999.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
  });

  it("serves nothing outside the build's assets through them", async () => {
    for (const url of [
      '/assets/../pages.json',
      '/assets/%2e%2e/pages.json',
      '/assets/..%2fpages.json',
      '/pages.json',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('page.html');
    }
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it("sends the build's compressed copy to a browser that accepts it, the file itself to one that does not", async () => {
    const script = await app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers.vary).toMatch(/accept-encoding/i);
    // A page is compressed by the server (its preloads depend on the path): brotli where accepted, else gzip.
    const page = await app.inject({ method: 'GET', url: '/some/page', headers: { 'accept-encoding': 'gzip, br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');
    const gzipped = await app.inject({ method: 'GET', url: '/thread/42', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toContain('/api/threads/42');
    const plain = await app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': '' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });
});

describe('the error shape', () => {
  it('answers a validation error with 400 and the schema’s own message', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { username: 'ab' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Username must be at least 3 characters',
      code: ErrorCode.Validation,
    });
  });

  it('names the field when the schema has no message of its own', async () => {
    const missing = await app.inject({ method: 'POST', url: '/api/test/echo', payload: {} });
    expect(missing.json().message).toBe('Username must be at least 3 characters');
    const wrongType = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { username: 'abc', age: -1 },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe('body.age must be >= 0');
  });

  it('renders an AppError with its status, code and details', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Already there', code: ErrorCode.Conflict, details: { field: 'name' } });
  });

  it('hides the internals of an unexpected error', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json().code).toBe(ErrorCode.Internal);
    expect(response.body).not.toContain('hunter2');
  });

  it('answers malformed JSON with a 400 in the same shape', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: ErrorCode.Validation });
    expect(typeof response.json().message).toBe('string');
  });
});
