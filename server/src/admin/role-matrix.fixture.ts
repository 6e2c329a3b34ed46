import { api, type RouteContract } from '@enclave/protocol';

/** Who may call a console route: staff (admins and moderators) or admins only. */
export type ConsoleRole = 'staff' | 'admin';

export interface ConsoleRoute {
  contract: RouteContract;
  role: ConsoleRole;
  /** A valid request (validation runs before the role check, so it must pass validation). */
  request?: { params?: Record<string, unknown>; body?: Record<string, unknown>; query?: Record<string, string> };
  /** What an allowed caller gets for that request: ids that do not exist keep the calls harmless. */
  allowed: number;
}

const NOWHERE = { id: 999_999 };

/** Every /api/admin route and who may call it: the role-matrix test walks it, the table in docs/admin-routes.md is made from it. */
export const CONSOLE_ROUTES: ConsoleRoute[] = [
  { contract: api.adminUsers, role: 'staff', allowed: 200 },
  { contract: api.adminThreads, role: 'staff', allowed: 200 },
  { contract: api.adminStats, role: 'staff', request: { query: { range: '30d' } }, allowed: 200 },
  { contract: api.unapprovedThreads, role: 'staff', allowed: 200 },
  { contract: api.approveThread, role: 'staff', request: { params: NOWHERE }, allowed: 404 },
  {
    contract: api.editThread,
    role: 'admin',
    request: { params: NOWHERE, body: { title: 'A new title' } },
    allowed: 404,
  },
  { contract: api.deleteThread, role: 'staff', request: { params: NOWHERE }, allowed: 404 },
  {
    contract: api.cancelGroupBuy,
    role: 'staff',
    request: { params: NOWHERE, body: { reason: 'Made by the role matrix' } },
    allowed: 404,
  },
  { contract: api.banUser, role: 'staff', request: { params: NOWHERE }, allowed: 404 },
  { contract: api.banUserFromTable, role: 'staff', request: { body: { userId: NOWHERE.id } }, allowed: 404 },
  { contract: api.unbanUser, role: 'staff', request: { params: NOWHERE }, allowed: 404 },
  { contract: api.muteUser, role: 'staff', request: { params: NOWHERE, body: { duration: 24 } }, allowed: 404 },
  { contract: api.unmuteUser, role: 'staff', request: { params: NOWHERE }, allowed: 404 },
  { contract: api.reports, role: 'staff', allowed: 200 },
  { contract: api.approveReport, role: 'staff', request: { params: NOWHERE }, allowed: 404 },
  { contract: api.dismissReport, role: 'staff', request: { params: NOWHERE }, allowed: 404 },
  { contract: api.pendingPayments, role: 'staff', allowed: 200 },
  {
    contract: api.confirmPayment,
    role: 'staff',
    request: { params: NOWHERE, body: { transactionHash: 'c'.repeat(64) } },
    allowed: 404,
  },
  { contract: api.rejectPayment, role: 'staff', request: { params: NOWHERE }, allowed: 404 },
  { contract: api.moderationLog, role: 'admin', allowed: 200 },
  { contract: api.addCoins, role: 'admin', request: { body: { amount: 1 } }, allowed: 200 },
  {
    contract: api.addUserCoins,
    role: 'admin',
    request: { body: { userId: NOWHERE.id, amount: 1 } },
    allowed: 404,
  },
  { contract: api.adminCategories, role: 'admin', allowed: 200 },
  {
    contract: api.createCategory,
    role: 'admin',
    request: { body: { name: 'Matrix', description: 'Made by the role matrix', icon: 'Star', color: 'info' } },
    allowed: 201,
  },
  {
    contract: api.updateCategory,
    role: 'admin',
    request: { params: NOWHERE, body: { name: 'Matrix', description: '', icon: 'Star', color: 'info' } },
    allowed: 404,
  },
  { contract: api.deleteCategory, role: 'admin', request: { params: NOWHERE }, allowed: 404 },
  { contract: api.cryptoWallets, role: 'admin', allowed: 200 },
  {
    contract: api.saveCryptoWallets,
    role: 'admin',
    request: {
      body: {
        btc: { name: 'Bitcoin', symbol: 'BTC', network: 'Bitcoin', address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2' },
      },
    },
    allowed: 200,
  },
  { contract: api.databaseBackup, role: 'admin', allowed: 200 },
  // Without an upload the restore stops at 'No File Selected', after the role check.
  { contract: api.databaseRestore, role: 'admin', allowed: 400 },
];

/** The table of console routes (docs/admin-routes.md), made from the fixture so the two cannot disagree. */
export function consoleRoutesTable(): string {
  const who = { staff: 'admins and moderators', admin: 'admins only' } as const;
  const rows = CONSOLE_ROUTES.map(({ contract, role }) => {
    const path = contract.url.replace(/:(\w+)/g, '{$1}');
    const what = (contract.summary ?? '').replace(/\s*\((admins|staff)\)$/, '');
    return `| ${contract.method} ${path} | ${who[role]} | ${what} |`;
  });
  return ['| Route | Who may call it | What it does |', '|---|---|---|', ...rows].join('\n');
}
