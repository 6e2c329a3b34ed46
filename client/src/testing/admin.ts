import type { AdminStats, AdminUser, CryptoWalletSettings, Report } from '@enclave/protocol';

export function anAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 8,
    username: 'bob',
    email: 'bob@example.com',
    profilePicture: null,
    createdAt: '2026-03-05T10:00:00.000Z',
    isEmailVerified: true,
    isAdmin: false,
    isModerator: false,
    isBanned: false,
    bannedAt: null,
    isMuted: false,
    mutedUntil: null,
    coinBalance: 1200,
    ...overrides,
  };
}

export const STATS: AdminStats = {
  range: '7d',
  since: '2026-03-01T00:00:00.000Z',
  totalUsers: 1234,
  newUsers: 56,
  totalThreads: 789,
  newThreads: 12,
  totalPosts: 4321,
  newPosts: 210,
  totalTransactions: 98,
  totalCoins: 45000,
};

export function aReport(overrides: Partial<Report> = {}): Report {
  return {
    id: 5,
    reporterName: 'carol',
    createdAt: '2026-03-05T10:00:00.000Z',
    reason: 'Coin selling spam',
    contentText: 'Selling coins cheaper than the wallet page, DM me.',
    contentType: 'post',
    contentId: 31,
    threadId: 42,
    contentAuthor: { id: 9, username: 'dave' },
    status: 'open',
    resolvedAt: null,
    resolvedBy: null,
    ...overrides,
  };
}

export const BTC_ADDRESS = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
export const ETH_WALLET = `0x${'ab'.repeat(20)}`;

export const RECEIVING_ADDRESSES: CryptoWalletSettings = {
  btc: { name: 'Bitcoin', symbol: 'BTC', network: 'Bitcoin', address: BTC_ADDRESS, usdRate: 65000 },
  usdt: { name: 'Tether', symbol: 'USDT', network: 'Ethereum (ERC-20)', address: ETH_WALLET, usdRate: 1 },
};
