import { type Abilities, api, type RouteContract } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_ROUTES } from '../admin/role-matrix.fixture.ts';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import type { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';

type Role = 'member' | 'unverifiedAdmin' | 'moderator' | 'admin';

let app: App;
const clients = {} as Record<Role, TestClient>;

beforeAll(async () => {
  app = await createTestApp();
  clients.member = (await createMember(app)).client;
  clients.unverifiedAdmin = (await createMember(app, { isAdmin: true, isEmailVerified: false })).client;
  clients.moderator = (await createMember(app, { isModerator: true })).client;
  clients.admin = (await createMember(app, { isAdmin: true })).client;
});

const NONE: Abilities = {
  canModerate: false,
  canDeleteThreads: false,
  canEditThreads: false,
  canManageUsers: false,
  canManageCategories: false,
  canManageSettings: false,
  canReadModerationLog: false,
  canBackup: false,
};

const EXPECTED: Record<Role, Abilities> = {
  member: NONE,
  // The guards turn an unverified email away from every console route, whatever the role.
  unverifiedAdmin: NONE,
  moderator: { ...NONE, canModerate: true, canDeleteThreads: true },
  admin: {
    canModerate: true,
    canDeleteThreads: true,
    canEditThreads: true,
    canManageUsers: true,
    canManageCategories: true,
    canManageSettings: true,
    canReadModerationLog: true,
    canBackup: true,
  },
};

/** The console routes each ability opens (requests from the role matrix, which keep them harmless). */
const OPENS: Record<keyof Abilities, RouteContract[]> = {
  canModerate: [
    api.unapprovedThreads,
    api.reports,
    api.banUser,
    api.muteUser,
    api.pendingPayments,
    api.adminStats,
    api.cancelGroupBuy,
    api.adminUsers,
  ],
  canDeleteThreads: [api.deleteThread],
  canEditThreads: [api.editThread],
  canManageUsers: [api.addUserCoins],
  canManageCategories: [api.adminCategories, api.updateCategory, api.deleteCategory],
  canManageSettings: [api.addCoins, api.cryptoWallets],
  canReadModerationLog: [api.moderationLog],
  canBackup: [api.databaseRestore],
};

const ROLES = Object.keys(EXPECTED) as Role[];

describe('abilities in GET /api/user', () => {
  it.each(ROLES)('tell a %s what the server lets them do', async (role) => {
    const response = await clients[role].call(api.user);
    expect(response.statusCode).toBe(200);
    expect(response.json().abilities).toEqual(EXPECTED[role]);
  });

  it.each(ROLES)("agree with the console routes' answers for a %s", async (role) => {
    for (const [ability, contracts] of Object.entries(OPENS) as [keyof Abilities, RouteContract[]][]) {
      for (const contract of contracts) {
        const route = CONSOLE_ROUTES.find((candidate) => candidate.contract === contract);
        if (!route) throw new Error(`${contract.url} is not in the role matrix`);
        const response = await clients[role].call(contract, route.request);
        expect({ ability, url: contract.url, status: response.statusCode }).toEqual({
          ability,
          url: contract.url,
          status: EXPECTED[role][ability] ? route.allowed : 403,
        });
      }
    }
  });
});
