/** Business constants and limits: section 9 of both specs, plus the bounds we chose where the spec is silent. */

export const COIN_RATE = { usd: 100, coins: 1000 } as const;
export const COINS_PER_USD = COIN_RATE.coins / COIN_RATE.usd;

export const PAYMENT_CURRENCIES = ['btc', 'xmr', 'usdt', 'usdc'] as const;
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];

export const HOME = {
  recentThreadsBeforeLoadMore: 3,
  threadPlaceholders: 3,
  categoryPlaceholders: 4,
} as const;

export const THREAD_PREVIEW_LENGTH = 160;
export const MESSAGE_PREVIEW_LENGTH = 40;

export const THREAD_DEFAULTS = {
  categoryId: 1,
  premiumCost: 50,
  unlockableCost: 25,
  unlockableType: 'download_link',
  groupBuyParticipants: 5,
  groupBuyContribution: 25,
  /** Days a group buy stays open from its creation (issue 15). */
  groupBuyDays: 7,
} as const;

export const LIMITS = {
  usernameMin: 3,
  usernameMax: 32,
  passwordMin: 6,
  passwordMax: 256,
  verificationCodeLength: 6,
  bioMax: 500,
  walletAddressMin: 26,
  walletAddressMax: 42,
  currencyCodeMin: 2,
  currencyCodeMax: 10,
  groupBuyParticipantsMin: 1,
  groupBuyParticipantsMax: 100,
  groupBuyDaysMin: 1,
  groupBuyDaysMax: 30,
  threadTitleMax: 200,
  threadContentMax: 50_000,
  editTitleMin: 3,
  editContentMin: 10,
  tagsMax: 10,
  tagMax: 32,
  replyMax: 10_000,
  messageMax: 5_000,
  messageAttachmentMax: 2048,
  costMax: 1_000_000,
  muteHoursMin: 1,
  muteHoursMax: 720,
  muteHoursDefault: 24,
  profilePictureBytes: 2 * 1024 * 1024,
  profilePicturePixels: 5000,
  pageSizeMax: 100,
  threadPageSizeDefault: 50,
  searchQueryMax: 100,
  allowedUsersMax: 100,
  /** Names offered as a member types one (the private-thread picker): from this many letters, at most this many. */
  memberSuggestionPrefixMin: 2,
  memberSuggestionsMax: 8,
  categoryNameMax: 60,
  categoryDescriptionMax: 500,
  /** How long a sign-in lasts (the session cookie and its token). */
  sessionDays: 30,
  /** How long the account activity log (and the session records) are kept. */
  activityRetentionDays: 90,
  activityPageSize: 20,
  /** Members linked (and so told) by one text's @names; the rest stay plain text (issue #28). */
  mentionsPerText: 10,
} as const;

/** Client timings, in milliseconds. */
export const TIMINGS = {
  userRefreshWhileVerifying: 3000,
  redirectToAuth: 100,
  redirectAfterVerify: 300,
  logoutRedirect: 500,
  sidebarCloseVisibility: 300,
  menuTooltipDelay: 300,
  toastDuration: 5000,
  toastRemoveDelay: 1_000_000,
  redirectAfterUnlock: 500,
  copiedFeedback: 2000,
  accountDeletionLogout: 2000,
  backupToast: 2000,
  restoreProgressStep: 500,
} as const;

export const HEADER_SHADOW_THRESHOLD = 20;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = 'F8';
export const RESTORE_PROGRESS = { step: 10, max: 90 } as const;
export const QUERY_GC_TIME = 5 * 60 * 1000;

export const SKELETON_ROWS = { list: 5, replies: 3 } as const;

export const PROFILE_CROP = {
  zoomMin: 1,
  zoomMax: 3,
  zoomStep: 0.1,
  rotationMin: 0,
  rotationMax: 360,
  aspect: 4 / 3,
  jpegQuality: 0.95,
  fileName: 'profile-picture.jpg',
} as const;

export const TEST_COINS = { self: 100_000, perUser: 1_000 } as const;

export const STATS_RANGES = ['1d', '7d', '30d', '90d', 'all'] as const;
export type StatsRange = (typeof STATS_RANGES)[number];
export const STATS_RANGE_DEFAULT: StatsRange = '7d';

export const PROGRESS_CAP = 100;

/** Server-side security limits (spec silent; chosen here). */
export const SECURITY = {
  verificationCodeTtlMs: 15 * 60 * 1000,
  verificationMaxAttempts: 5,
  resendCooldownMs: 60 * 1000,
  loginPerMinute: 6,
  loginPerHour: 30,
  loginFailuresBeforeLock: 5,
  loginLockMs: 15 * 60 * 1000,
  replyIntervalMs: 10 * 1000,
  /** New threads per member, and per address (several members behind one network), in each window. */
  threadsPerMember: 5,
  threadsPerAddress: 20,
  threadWindowMs: 10 * 60 * 1000,
  messageIntervalMs: 2 * 1000,
  /** Previews of a draft per member per minute: the editor asks once per switch to its Preview tab. */
  previewsPerMinute: 30,
  socketEventsPerWindow: 100,
  socketWindowMs: 10 * 1000,
  /** A sign-in's pending second step, a setup's authenticator-app secret and a passkey challenge live this long. */
  secondStepTtlMs: 5 * 60 * 1000,
  /** A sign-in or a step-up opens money and power moves for this long. */
  stepUpMs: 5 * 60 * 1000,
  /** Wrong second steps (or step-ups) per account, and per account and address, before a lock of loginLockMs. */
  secondStepFailuresPerAccount: 10,
  secondStepFailuresPerAddress: 5,
  recoveryCodeCount: 10,
} as const;

/** Sent by the client on every API call; the server's CSRF rule rejects writes without it (a cross-site form cannot set it). */
export const CSRF_HEADER = { name: 'X-Requested-With', value: 'enclave' } as const;

/** Spec 001 §5 and §9: the category form's premium cost placeholder. */
export const CATEGORY_FORM = { premiumCostPlaceholder: 50 } as const;

/** Spec 001 §3: the twelve icons the category form offers. */
export const CATEGORY_FORM_ICONS = [
  'LineChart',
  'Bot',
  'GraduationCap',
  'Laugh',
  'Coins',
  'Gem',
  'Star',
  'Trophy',
  'Zap',
  'Bookmark',
  'Gift',
  'HeartHandshake',
] as const;

/** Spec 000 §2 (the card's four) and the form's twelve. */
export const CATEGORY_ICONS = ['MessageSquare', 'Shield', 'FileText', 'LifeBuoy', ...CATEGORY_FORM_ICONS] as const;
export type CategoryIcon = (typeof CATEGORY_ICONS)[number];

export const CATEGORY_COLORS = [
  'primary',
  'secondary',
  'success',
  'warning',
  'danger',
  'info',
  'dark',
  'light',
] as const;
export type CategoryColor = (typeof CATEGORY_COLORS)[number];
