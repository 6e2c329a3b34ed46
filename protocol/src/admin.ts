import Type from 'typebox';
import { Category, CategoryBody } from './categories.ts';
import { Id, IdParams, IsoDate, Nullable, OkReply } from './common.ts';
import { route } from './contract.ts';
import { endpoints } from './endpoints.ts';
import { LIMITS, STATS_RANGES, TEST_COINS } from './limits.ts';
import { GroupBuyPhase } from './purchases.ts';
import { Thread, ThreadsQuery } from './threads.ts';
import { ADMIN_TEXT } from './ui-texts.ts';
import { CryptoWalletSettings } from './wallet.ts';

/** A member as the admin users table shows them (spec 001 §2): with email, status and coins. */
export const AdminUser = Type.Object({
  id: Id,
  username: Type.String(),
  /** For admins only: a moderator looks members up, bans and mutes them, and has no need of their addresses. */
  email: Nullable(Type.String()),
  profilePicture: Nullable(Type.String()),
  createdAt: IsoDate,
  isEmailVerified: Type.Boolean(),
  isAdmin: Type.Boolean(),
  isModerator: Type.Boolean(),
  isBanned: Type.Boolean(),
  bannedAt: Nullable(IsoDate),
  isMuted: Type.Boolean(),
  mutedUntil: Nullable(IsoDate),
  coinBalance: Type.Integer(),
});
export type AdminUser = Type.Static<typeof AdminUser>;

export const AdminUsersQuery = Type.Object({
  /** Case-insensitive part of a username, or for admins of an email address too. */
  q: Type.Optional(Type.String({ maxLength: LIMITS.searchQueryMax })),
  /** Newest first; default and maximum LIMITS.pageSizeMax. */
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.pageSizeMax })),
  /** The next page: members with an id below this one. */
  before: Type.Optional(Id),
});
export type AdminUsersQuery = Type.Static<typeof AdminUsersQuery>;

export const MODERATION_REASON_MAX = 500;
const Reason = Type.String({ maxLength: MODERATION_REASON_MAX, errorMessage: ADMIN_TEXT.reasonMax });

/** Ban and mute take no payload in the spec; a reason is optional and goes to the moderation log. */
export const BanBody = Type.Object({ reason: Type.Optional(Reason) });
export type BanBody = Type.Static<typeof BanBody>;
export const BanUserBody = Type.Object({ userId: Id, reason: Type.Optional(Reason) });
export type BanUserBody = Type.Static<typeof BanUserBody>;

/** Spec 001 §5: hours, 1 to 720, default 24. */
export const MuteBody = Type.Object({
  duration: Type.Optional(
    Type.Integer({
      minimum: LIMITS.muteHoursMin,
      maximum: LIMITS.muteHoursMax,
      default: LIMITS.muteHoursDefault,
      errorMessage: ADMIN_TEXT.muteDurationInvalid,
    }),
  ),
  reason: Type.Optional(Reason),
});
export type MuteBody = Type.Static<typeof MuteBody>;

/** Test coins (spec 001 §9): at most 100,000 to yourself and 1,000 to a member per grant. */
export const AddCoinsBody = Type.Object({
  amount: Type.Integer({ minimum: 1, maximum: TEST_COINS.self, errorMessage: ADMIN_TEXT.selfCoinsRange }),
});
export type AddCoinsBody = Type.Static<typeof AddCoinsBody>;
export const AddUserCoinsBody = Type.Object({
  userId: Id,
  amount: Type.Integer({ minimum: 1, maximum: TEST_COINS.perUser, errorMessage: ADMIN_TEXT.userCoinsRange }),
});
export type AddUserCoinsBody = Type.Static<typeof AddUserCoinsBody>;
export const CoinGrantReply = Type.Object({ message: Type.String(), userId: Id, coinBalance: Type.Integer() });
export type CoinGrantReply = Type.Static<typeof CoinGrantReply>;

export const StatsRangeName = Type.Enum(STATS_RANGES);
export const StatsQuery = Type.Object({ range: Type.Optional(StatsRangeName) });
export type StatsQuery = Type.Static<typeof StatsQuery>;

/**
 * Real counts (spec 001 §3 names the fields). `total*` are all-time, `new*` fall in the range.
 * Threads exclude premium sister threads (they belong to their parent). Transactions and coins fall
 * in the range: coin movements (a purchase from another member counts once, not its seller's
 * credit) and the coins sold (coin purchases credited).
 */
export const AdminStats = Type.Object({
  range: StatsRangeName,
  /** Start of the range; null for 'all'. */
  since: Nullable(IsoDate),
  totalUsers: Type.Integer({ minimum: 0 }),
  newUsers: Type.Integer({ minimum: 0 }),
  totalThreads: Type.Integer({ minimum: 0 }),
  newThreads: Type.Integer({ minimum: 0 }),
  totalPosts: Type.Integer({ minimum: 0 }),
  newPosts: Type.Integer({ minimum: 0 }),
  totalTransactions: Type.Integer({ minimum: 0 }),
  totalCoins: Type.Integer({ minimum: 0 }),
});
export type AdminStats = Type.Static<typeof AdminStats>;

export const MODERATION_ACTIONS = [
  'user.ban',
  'user.unban',
  'user.mute',
  'user.unmute',
  'user.role',
  'user.passwordReset',
  'user.factorsReset',
  'thread.approve',
  'thread.edit',
  'thread.delete',
  'groupBuy.cancel',
  'report.approve',
  'report.dismiss',
  'category.create',
  'category.update',
  'category.delete',
  'coins.grant',
  'payment.confirm',
  'payment.reject',
  'wallets.update',
  'database.restore',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const MODERATION_TARGETS = ['user', 'thread', 'report', 'category', 'payment', 'wallets', 'database'] as const;
export type ModerationTarget = (typeof MODERATION_TARGETS)[number];

/** One line of the moderation log: who did what to which thing, when, and why. */
export const ModerationLogEntry = Type.Object({
  id: Id,
  /** Null when the actor's account was deleted, or when an admin command at the server acted (`byOperator`). */
  actor: Nullable(Type.Object({ id: Id, username: Type.String() })),
  byOperator: Type.Boolean(),
  action: Type.Enum(MODERATION_ACTIONS),
  targetType: Type.Enum(MODERATION_TARGETS),
  targetId: Nullable(Id),
  reason: Nullable(Type.String()),
  /** What else the action recorded: a mute's hours, a grant's amount, a restore's counts. */
  details: Nullable(Type.Record(Type.String(), Type.Unknown())),
  createdAt: IsoDate,
});
export type ModerationLogEntry = Type.Static<typeof ModerationLogEntry>;

export const ModerationLogQuery = Type.Object({
  action: Type.Optional(Type.Enum(MODERATION_ACTIONS)),
  /** Newest first; default and maximum LIMITS.pageSizeMax. */
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.pageSizeMax })),
  before: Type.Optional(Id),
});
export type ModerationLogQuery = Type.Static<typeof ModerationLogQuery>;

/** The backup file: `{ collections: { name: [EJSON documents] }, manifest }` (canonical Extended JSON). */
export const BACKUP_FORMAT = { format: 'enclave-backup', version: 1 } as const;
export const BACKUP_FIELD = 'backup';
/** The largest backup file a restore accepts. */
export const BACKUP_MAX_BYTES = 256 * 1024 * 1024;

export const BackupManifest = Type.Object({
  format: Type.Literal(BACKUP_FORMAT.format),
  version: Type.Integer(),
  createdAt: IsoDate,
  /** Documents per collection, as written. */
  counts: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
});
export type BackupManifest = Type.Static<typeof BackupManifest>;

export const RestoreReply = Type.Object({
  message: Type.String(),
  /** Documents restored per collection. */
  counts: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
  /** The automatic backup taken just before, on the server under DATA_DIR/backups (restore it to undo). */
  automaticBackup: Type.String(),
});
export type RestoreReply = Type.Static<typeof RestoreReply>;

/** Staff cancel an open group buy; the reason goes into the moderation log. */
export const CancelGroupBuyBody = Type.Object({
  reason: Type.String({
    minLength: 1,
    maxLength: MODERATION_REASON_MAX,
    pattern: '\\S',
    errorMessage: {
      minLength: ADMIN_TEXT.reasonRequired,
      pattern: ADMIN_TEXT.reasonRequired,
      maxLength: ADMIN_TEXT.reasonMax,
    },
  }),
});
export type CancelGroupBuyBody = Type.Static<typeof CancelGroupBuyBody>;
export const CancelGroupBuyReply = Type.Object({ message: Type.String(), threadId: Id, status: GroupBuyPhase });
export type CancelGroupBuyReply = Type.Static<typeof CancelGroupBuyReply>;

export const adminRoutes = {
  cancelGroupBuy: route({
    ...endpoints.cancelGroupBuy,
    summary: 'Cancel an open group buy and return every contribution (staff)',
    params: IdParams,
    body: CancelGroupBuyBody,
    response: { 200: CancelGroupBuyReply },
  }),
  adminUsers: route({
    ...endpoints.adminUsers,
    summary: 'Members with status and coins, newest first, and their emails for admins (staff)',
    querystring: AdminUsersQuery,
    response: { 200: Type.Array(AdminUser) },
  }),
  adminThreads: route({
    ...endpoints.adminThreads,
    summary: 'Every thread, pending ones and premium sisters included, newest first (staff)',
    querystring: ThreadsQuery,
    response: { 200: Type.Array(Thread) },
  }),
  adminStats: route({
    ...endpoints.adminStats,
    summary: 'Counts for the console header (staff)',
    querystring: StatsQuery,
    response: { 200: AdminStats },
  }),
  banUser: route({
    ...endpoints.banUser,
    bodyOptional: true,
    summary: 'Ban a member and sign them out everywhere; admins and moderators cannot be banned (staff)',
    params: IdParams,
    body: BanBody,
    response: { 200: OkReply },
  }),
  banUserFromTable: route({
    ...endpoints.banUserFromTable,
    summary: 'The users table’s ban: the same rule as ban-user/{id} (staff)',
    body: BanUserBody,
    response: { 200: OkReply },
  }),
  unbanUser: route({
    ...endpoints.unbanUser,
    bodyOptional: true,
    summary: 'Lift a ban (staff)',
    params: IdParams,
    body: BanBody,
    response: { 200: OkReply },
  }),
  muteUser: route({
    ...endpoints.muteUser,
    bodyOptional: true,
    summary: 'Mute a member for 1-720 hours, default 24; a new mute replaces the old end (staff)',
    params: IdParams,
    body: MuteBody,
    response: { 200: OkReply },
  }),
  unmuteUser: route({
    ...endpoints.unmuteUser,
    bodyOptional: true,
    summary: 'Lift a mute (staff)',
    params: IdParams,
    body: BanBody,
    response: { 200: OkReply },
  }),
  addCoins: route({
    ...endpoints.addCoins,
    summary: 'Test coins to yourself, at most 100,000 per grant (admins)',
    body: AddCoinsBody,
    response: { 200: CoinGrantReply },
  }),
  addUserCoins: route({
    ...endpoints.addUserCoins,
    summary: 'Test coins to a member, at most 1,000 per grant (admins)',
    body: AddUserCoinsBody,
    response: { 200: CoinGrantReply },
  }),
  moderationLog: route({
    ...endpoints.moderationLog,
    summary: 'Who did what, when and why, newest first (admins)',
    querystring: ModerationLogQuery,
    response: { 200: Type.Array(ModerationLogEntry) },
  }),
  adminCategories: route({
    ...endpoints.adminCategories,
    summary: 'Every category with its thread count (admins)',
    response: { 200: Type.Array(Category) },
  }),
  createCategory: route({
    ...endpoints.createCategory,
    summary: 'Create a category (admins)',
    body: CategoryBody,
    response: { 201: Category },
  }),
  updateCategory: route({
    ...endpoints.updateCategory,
    summary: 'Replace a category’s fields (admins)',
    params: IdParams,
    body: CategoryBody,
    response: { 200: Category },
  }),
  deleteCategory: route({
    ...endpoints.deleteCategory,
    summary: 'Delete an empty category; 409 while it contains threads (admins)',
    params: IdParams,
    response: { 200: OkReply },
  }),
  cryptoWallets: route({
    ...endpoints.cryptoWallets,
    summary: 'The crypto wallet settings, keyed by currency code (admins)',
    response: { 200: CryptoWalletSettings },
  }),
  saveCryptoWallets: route({
    ...endpoints.saveCryptoWallets,
    summary: 'Replace the whole map; every address must pass the spec’s rules (admins)',
    body: CryptoWalletSettings,
    response: { 200: CryptoWalletSettings },
  }),
  databaseBackup: route({
    ...endpoints.databaseBackup,
    summary: 'Download every collection as canonical Extended JSON with a manifest (admins)',
    response: {},
  }),
  databaseRestore: route({
    ...endpoints.databaseRestore,
    summary: 'Replace every collection from a backup (multipart field `backup`), after an automatic backup (admins)',
    response: { 200: RestoreReply },
  }),
};
