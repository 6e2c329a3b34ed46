import type { HttpMethod } from './contract.ts';

/**
 * Every HTTP call's method and path, declared once. Each route contract spreads its entry and adds the schemas;
 * a browser bundle takes these alone (browser.ts), so a page that only makes calls builds no schema.
 */
export const endpoints = {
  health: { method: 'GET', url: '/api/health' },
  ready: { method: 'GET', url: '/api/health/ready' },
  docs: { method: 'GET', url: '/api/docs' },
  metrics: { method: 'GET', url: '/metrics' },

  register: { method: 'POST', url: '/api/register' },
  login: { method: 'POST', url: '/api/login' },
  logout: { method: 'POST', url: '/api/logout' },
  verifyEmail: { method: 'POST', url: '/api/verify-email' },
  resendVerification: { method: 'POST', url: '/api/resend-verification' },
  secondStepOptions: { method: 'POST', url: '/api/login/second-step/options' },
  secondStep: { method: 'POST', url: '/api/login/second-step' },
  passkeySignInOptions: { method: 'POST', url: '/api/login/passkey/options' },
  passkeySignIn: { method: 'POST', url: '/api/login/passkey' },

  securityFactors: { method: 'GET', url: '/api/factors' },
  passkeyOptions: { method: 'POST', url: '/api/factors/passkeys/options' },
  addPasskey: { method: 'POST', url: '/api/factors/passkeys' },
  renamePasskey: { method: 'PATCH', url: '/api/factors/passkeys/:id' },
  removePasskey: { method: 'DELETE', url: '/api/factors/passkeys/:id' },
  startAuthenticatorApp: { method: 'POST', url: '/api/factors/app/setup' },
  confirmAuthenticatorApp: { method: 'POST', url: '/api/factors/app' },
  removeAuthenticatorApp: { method: 'DELETE', url: '/api/factors/app' },
  regenerateRecoveryCodes: { method: 'POST', url: '/api/factors/recovery-codes' },
  stepUpOptions: { method: 'POST', url: '/api/step-up/options' },
  stepUp: { method: 'POST', url: '/api/step-up' },

  user: { method: 'GET', url: '/api/user' },
  userById: { method: 'GET', url: '/api/user/:id' },
  usersById: { method: 'GET', url: '/api/users/:id' },
  searchUser: { method: 'GET', url: '/api/users/search/:username' },
  memberSuggestions: { method: 'GET', url: '/api/users/suggestions' },
  updateProfile: { method: 'PATCH', url: '/api/profile' },
  uploadProfilePicture: { method: 'POST', url: '/api/profile/picture', multipart: true },
  profilePicture: { method: 'GET', url: '/api/users/:id/picture' },
  updatePrivacy: { method: 'PUT', url: '/api/profile/privacy' },
  changePassword: { method: 'POST', url: '/api/profile/password' },
  deleteAccount: { method: 'DELETE', url: '/api/profile' },
  sessions: { method: 'GET', url: '/api/sessions' },
  endSession: { method: 'DELETE', url: '/api/sessions/:id' },
  endOtherSessions: { method: 'POST', url: '/api/sessions/end-others' },
  activity: { method: 'GET', url: '/api/activity' },

  paymentPackages: { method: 'GET', url: '/api/payments/packages' },
  paymentCurrencies: { method: 'GET', url: '/api/payments/currencies' },
  estimatePayment: { method: 'POST', url: '/api/payments/estimate' },
  createPayment: { method: 'POST', url: '/api/payments/create' },
  payment: { method: 'GET', url: '/api/payments/:paymentId' },
  paymentNotification: { method: 'POST', url: '/api/payments/ipn' },
  transactions: { method: 'GET', url: '/api/transactions' },
  pendingPayments: { method: 'GET', url: '/api/admin/payments/pending' },
  confirmPayment: { method: 'POST', url: '/api/admin/payments/:id/confirm' },
  rejectPayment: { method: 'POST', url: '/api/admin/payments/:id/reject' },

  sendMessage: { method: 'POST', url: '/api/messages' },
  listMessages: { method: 'GET', url: '/api/messages' },
  unreadMessageCount: { method: 'GET', url: '/api/messages/unread-count' },
  markMessageRead: { method: 'PATCH', url: '/api/messages/:id/read' },
  blockMember: { method: 'POST', url: '/api/users/:id/block' },
  unblockMember: { method: 'DELETE', url: '/api/users/:id/block' },
  blockedMembers: { method: 'GET', url: '/api/user/blocks' },

  categories: { method: 'GET', url: '/api/categories' },
  category: { method: 'GET', url: '/api/categories/:id' },

  threads: { method: 'GET', url: '/api/threads' },
  thread: { method: 'GET', url: '/api/threads/:id' },
  createThread: { method: 'POST', url: '/api/threads' },
  editThread: { method: 'PATCH', url: '/api/admin/threads/:id' },
  deleteThread: { method: 'DELETE', url: '/api/admin/threads/:id' },
  cancelGroupBuy: { method: 'POST', url: '/api/admin/threads/:id/group-buy/cancel' },
  unapprovedThreads: { method: 'GET', url: '/api/admin/unapproved-threads' },
  approveThread: { method: 'POST', url: '/api/admin/approve-thread/:id' },

  posts: { method: 'GET', url: '/api/threads/:id/posts' },
  reply: { method: 'POST', url: '/api/threads/:id/posts' },
  preview: { method: 'POST', url: '/api/preview' },

  react: { method: 'PUT', url: '/api/reactions/:target/:id/:kind' },
  unreact: { method: 'DELETE', url: '/api/reactions/:target/:id/:kind' },
  reactors: { method: 'GET', url: '/api/reactions/:target/:id/:kind' },

  spendCoins: { method: 'POST', url: '/api/coins/spend' },
  unlockable: { method: 'GET', url: '/api/threads/:id/unlockable' },
  checkUnlocked: { method: 'GET', url: '/api/threads/:id/check-unlocked' },
  unlock: { method: 'POST', url: '/api/threads/:id/unlock' },
  groupBuyStatus: { method: 'GET', url: '/api/threads/:id/group-buy/status' },
  contribute: { method: 'POST', url: '/api/threads/:id/group-buy/contribute' },
  unlockedContent: { method: 'GET', url: '/api/user/unlocked-content' },

  adminUsers: { method: 'GET', url: '/api/admin/users' },
  adminThreads: { method: 'GET', url: '/api/admin/threads' },
  adminStats: { method: 'GET', url: '/api/admin/stats' },
  banUser: { method: 'POST', url: '/api/admin/ban-user/:id' },
  banUserFromTable: { method: 'POST', url: '/api/admin/ban-user' },
  unbanUser: { method: 'POST', url: '/api/admin/unban-user/:id' },
  muteUser: { method: 'POST', url: '/api/admin/mute-user/:id' },
  unmuteUser: { method: 'POST', url: '/api/admin/unmute-user/:id' },
  addCoins: { method: 'POST', url: '/api/admin/add-coins' },
  addUserCoins: { method: 'POST', url: '/api/admin/add-user-coins' },
  moderationLog: { method: 'GET', url: '/api/admin/moderation-log' },
  adminCategories: { method: 'GET', url: '/api/admin/categories' },
  createCategory: { method: 'POST', url: '/api/admin/categories' },
  updateCategory: { method: 'PUT', url: '/api/admin/categories/:id' },
  deleteCategory: { method: 'DELETE', url: '/api/admin/categories/:id' },
  cryptoWallets: { method: 'GET', url: '/api/admin/crypto-wallets' },
  saveCryptoWallets: { method: 'POST', url: '/api/admin/crypto-wallets' },
  databaseBackup: { method: 'GET', url: '/api/admin/database/backup' },
  databaseRestore: { method: 'POST', url: '/api/admin/database/restore', multipart: true },

  notifications: { method: 'GET', url: '/api/notifications' },
  markNotificationsRead: { method: 'POST', url: '/api/notifications/read' },
  notificationPreferences: { method: 'GET', url: '/api/notifications/preferences' },
  saveNotificationPreferences: { method: 'PUT', url: '/api/notifications/preferences' },

  createReport: { method: 'POST', url: '/api/reports' },
  reports: { method: 'GET', url: '/api/admin/reports' },
  approveReport: { method: 'POST', url: '/api/admin/reports/:id/approve' },
  dismissReport: { method: 'POST', url: '/api/admin/reports/:id/dismiss' },
} as const satisfies Record<string, { method: HttpMethod; url: string; multipart?: true }>;

/** `/api/threads/:id` + `{ id: 3 }` → `/api/threads/3`. */
export function pathOf(url: string, params?: Record<string, unknown>): string {
  return url.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params?.[key] ?? '')));
}
