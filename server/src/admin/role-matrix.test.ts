import { api, ErrorCode } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { SESSION_COOKIE } from '../auth/session.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { CONSOLE_ROUTES, type ConsoleRoute, consoleRoutesTable } from './role-matrix.fixture.ts';

const HOUR_MS = 60 * 60 * 1000;

type Caller = 'anonymous' | 'unverified' | 'member' | 'muted' | 'banned' | 'moderator' | 'admin';

let app: App;
const clients = {} as Record<Caller, TestClient>;

beforeAll(async () => {
  app = await createTestApp();
  clients.anonymous = new TestClient(app);
  clients.unverified = (await createMember(app, { isEmailVerified: false })).client;
  clients.member = (await createMember(app)).client;
  clients.muted = (await createMember(app, { mutedUntil: new Date(Date.now() + 24 * HOUR_MS) })).client;
  clients.banned = (await createMember(app, { isBanned: true })).client;
  clients.moderator = (await createMember(app, { isModerator: true })).client;
  clients.admin = (await createMember(app, { isAdmin: true })).client;
});

/** What each caller gets: 401 without a usable session (a banned member's cookie is refused), 403 without the role. */
function expected(caller: Caller, route: ConsoleRoute): number {
  switch (caller) {
    case 'anonymous':
    case 'banned':
      return 401;
    case 'unverified':
    case 'member':
    case 'muted':
      return 403;
    case 'moderator':
      return route.role === 'staff' ? route.allowed : 403;
    case 'admin':
      return route.allowed;
  }
}

/** The backup is every collection, password hashes included: it skips TestClient's leak check, and only admins get it. */
function call(caller: Caller, route: ConsoleRoute) {
  if (route.contract !== api.databaseBackup) return clients[caller].call(route.contract, route.request);
  const { cookie } = clients[caller];
  return app.inject({
    method: 'GET',
    url: route.contract.url,
    headers: cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {},
  });
}

describe('the console role matrix', () => {
  it('lists every /api/admin route exactly once', () => {
    const adminRoutes = Object.values(api)
      .filter((contract) => contract.url.startsWith('/api/admin/'))
      .map((contract) => `${contract.method} ${contract.url}`)
      .sort();
    const listed = CONSOLE_ROUTES.map(({ contract }) => `${contract.method} ${contract.url}`).sort();
    expect(listed).toEqual(adminRoutes);
  });

  it("renders the README's table with one row per route", () => {
    const rows = consoleRoutesTable().split('\n').slice(2);
    expect(rows).toHaveLength(CONSOLE_ROUTES.length);
    expect(rows).toContain(
      '| POST /api/admin/mute-user/{id} | admins and moderators | Mute a member for 1-720 hours, default 24; a new mute replaces the old end |',
    );
  });

  const callers: Caller[] = ['anonymous', 'unverified', 'member', 'muted', 'banned', 'moderator', 'admin'];
  for (const caller of callers) {
    it(`answers ${caller}`, async () => {
      const outcomes = [];
      for (const route of CONSOLE_ROUTES) {
        const response = await call(caller, route);
        outcomes.push({
          route: `${route.contract.method} ${route.contract.url}`,
          status: response.statusCode,
          expected: expected(caller, route),
        });
        if (response.statusCode === 401) expect(response.json().code).toBe(ErrorCode.Unauthenticated);
        if (caller === 'unverified') expect(response.json().code).toBe(ErrorCode.EmailNotVerified);
      }
      expect(outcomes.filter((outcome) => outcome.status !== outcome.expected)).toEqual([]);
    });
  }
});
