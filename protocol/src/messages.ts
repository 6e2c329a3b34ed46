/** The user-facing texts quoted in the specs, so client and server say the same words. */

export const VALIDATION = {
  usernameMin: 'Username must be at least 3 characters',
  passwordMin: 'Password must be at least 6 characters',
  passwordsDontMatch: "Passwords don't match",
  emailInvalid: 'Please enter a valid email address',
  noEmailForVerification: 'No email available for verification',
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
  participantsMin: 'Must have at least 1 participant',
  contributionMin: 'Must cost at least 1 coin',
  editTitleMin: 'Title must be at least 3 characters',
  editContentMin: 'Content must be at least 10 characters',
  premiumCostRequired: 'Premium cost is required for premium content',
  unlockableCostRequired: 'Unlockable cost is required for premium discussion',
  unlockableContentRequired: 'Premium discussion content is required',
  participantsRequired: 'Participants required is required for group buy',
  contributionRequired: 'Contribution amount is required for group buy',
  packageRequired: 'Please select a package',
  currencyRequired: 'Please select a currency',
  bioMax: 'Bio must be 500 characters or less',
  currentPasswordRequired: 'Current password is required',
  confirmPasswordRequired: 'Confirm password is required',
  usernameRequired: 'Username is required',
  invalidUserId: 'Please enter a valid user ID',
  noFileSelected: 'Please select a backup file to restore.',
  walletAddressInvalid: (name: string) => `Please enter a valid ${name} address`,
} as const;

export const AUTH_TEXT = {
  usernameExists: 'Username already exists',
  emailInUse: 'Email already in use',
  usernameTaken: 'This username is already taken. Please choose another one.',
  emailRegistered: 'This email is already registered. Try logging in or use a different email.',
  verificationFailed: 'Verification failed',
  resendFailed: 'Failed to resend verification code',
  authenticationRequired: 'Authentication required',
  mustBeLoggedInToCreate: 'You must be logged in to create a thread.',
  verificationRequiredTitle: 'Email Verification Required',
  verificationRequiredProtected: 'You need to verify your email address before accessing the platform.',
  verificationRequiredPublic: 'Please verify your email address to complete registration.',
  redirectingToLogin: 'Redirecting to login...',
} as const;

export const TOASTS = {
  welcomeBack: { title: 'Welcome back!', description: (username: string) => `Logged in as ${username}` },
  accountCreated: {
    title: 'Account created',
    description: (username: string) => `Welcome to the product, ${username}`,
  },
  loggedOut: { title: 'Logged out', description: 'Your session has ended.' },
  emailVerified: { title: 'Email verified!', description: 'Your email has been successfully verified.' },
  codeSent: { title: 'Code sent!', description: 'A new verification code has been sent to your email.' },
} as const;

export const THREAD_TEXT = {
  createFailed: 'Failed to create thread',
  unlockFailed: 'Failed to unlock',
  insufficientCoins: "You don't have enough coins. Please purchase more coins first.",
  insufficientToContribute: (n: number) => `You need at least ${n} coins to contribute`,
  contributionFailed: 'Failed to process contribution',
  editDenied: "Access denied: You don't have permission to edit threads.",
  noThreads: 'No threads found.',
  noThreadsInCategory: 'No threads in this category yet.',
  groupBuyComplete: 'Group buy complete!',
  alreadyContributed: "You've already contributed",
  pendingApproval: 'Pending approval',
  unknownCategory: 'Unknown Category',
  anonymous: 'Anonymous',
  noActivity: 'No activity yet',
} as const;

export const PAGE_TEXT = {
  notFoundTitle: 'Page Not Found',
  notFoundBody: "The page you're looking for doesn't exist or has been moved.",
  errorTitle: 'Something went wrong',
  errorBody: 'The application encountered an unexpected error',
  unknownError: 'Unknown error',
  unknownRequestError: 'An unknown error occurred',
  accessDenied: 'Access Denied',
  databaseAdminOnly: 'Only administrators can access database management features.',
  noPendingThreads: 'No threads pending approval',
} as const;

export const SERVER_TEXT = {
  notFound: 'Not found',
  routeNotFound: (method: string, url: string) => `Route ${method} ${url} not found`,
  internal: 'Something went wrong on our side. Please try again.',
  invalidCredentials: 'Invalid username or password',
  notAuthenticated: 'You must be logged in',
  emailNotVerified: 'Please verify your email address first',
  forbidden: "You don't have permission to do that",
  userNotFound: 'User not found',
  threadNotFound: 'Thread not found',
  categoryNotFound: 'Category not found',
  banned: 'This account has been banned',
  mutedUntil: (until: string) => `You are muted until ${until}`,
  rateLimited: 'Too many requests. Please slow down and try again shortly.',
  accountLocked: (until: string) => `Too many failed login attempts. Try again after ${until}.`,
  csrf: 'This request must be sent as JSON or with the X-Requested-With header',
  codeInvalid: 'Invalid verification code',
  codeExpired: 'Verification code has expired. Please request a new one.',
  codeAttemptsExceeded: 'Too many wrong codes. Please request a new one.',
  resendCooldown: (seconds: number) => `Please wait ${seconds} seconds before requesting another code`,
  alreadyVerified: 'Email is already verified',
  insufficientCoins: 'Insufficient coins',
  premiumRequired: 'This thread is premium. Purchase it to read the content and replies.',
  categoryHasThreads: 'Categories that contain threads cannot be deleted.',
  unavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  malformedUpload: 'The upload could not be read. Send the file as multipart/form-data.',
  pictureFieldMissing: 'Attach the image as the profilePicture field',
  pictureType: 'The profile picture must be a JPEG, PNG or WebP image',
  picturePixels: (pixels: number) => `The profile picture may be at most ${pixels} pixels on each side`,
} as const;

/** Titles of the automatic error toast (spec 000 §8). */
export const REQUEST_TEXT = {
  errorTitle: (status: number) => `Error (${status})`,
  requestError: 'Request Error',
} as const;

export const MESSAGE_TEXT = {
  sendFailed: 'Failed to send message',
  loadFailed: 'Failed to load messages',
  contentTooLong: (max: number) => `Messages can be at most ${max} characters`,
  attachmentTypeInvalid: 'The attachment type must be link (URL) or invite (Thread ID)',
  attachmentTypeRequired: 'Choose an attachment type: URL or Thread ID',
  attachmentDataRequired: 'Enter the URL or Thread ID to attach',
  attachmentWithoutFlag: 'An attachment needs hasAttachment set to true',
  linkInvalid: 'A link must be an http:// or https:// URL',
  inviteInvalid: 'An invite must name a thread the recipient can see',
  notToYourself: "You can't send a message to yourself",
  blockedBySender: 'You have blocked this member. Unblock them to send a message.',
  blockedByRecipient: 'This member is not accepting messages from you',
  messageNotFound: 'Message not found',
  cannotBlockYourself: "You can't block yourself",
  cannotBlockStaff: 'Administrators and moderators cannot be blocked',
  unblocked: 'Member unblocked',
} as const;

export const PAYMENT_TEXT = {
  estimateFailed: 'Price estimation failed',
  createFailed: 'Payment creation failed',
  loadOptionsFailed: 'Failed to load payment options',
  loadTransactionsFailed: 'Failed to load transactions',
  amountInvalid: 'Enter an amount in USD greater than 0',
  currencyUnavailable: (code: string) => `${code.toUpperCase()} is not available for payments right now`,
  providerUnavailable: 'The payment service is unavailable. Please try again shortly.',
  paymentNotFound: 'Payment not found',
  signatureInvalid: 'Invalid payment notification signature',
  staffConfirmsSelfCustodyOnly: 'Only self-custody payments are confirmed by staff',
  alreadyRejected: 'This payment was rejected and cannot be confirmed',
  alreadyConfirmed: 'This payment was confirmed and cannot be rejected',
  transactionHashInvalid: 'Enter the transaction hash as 64 hexadecimal characters (0x optional)',
  ownPayment: 'Another staff member must confirm or reject your own payment',
} as const;

/** Forum answers the spec leaves to the server (issue 4). */
export const FORUM_TEXT = {
  replyRateLimited: 'You can reply once every 10 seconds',
  titleMax: (n: number) => `Title must be at most ${n} characters`,
  contentMax: (n: number) => `Content must be at most ${n} characters`,
  replyMax: (n: number) => `Replies can be at most ${n} characters`,
  tagsMax: (n: number) => `A thread can have at most ${n} tags`,
  tagMax: (n: number) => `Tags can be at most ${n} characters`,
  participantsMax: (n: number) => `A group buy can have at most ${n} participants`,
  costMax: (n: number) => `Costs can be at most ${n} coins`,
  groupBuyOrUnlockable: 'A thread cannot be both a group buy and a premium discussion',
  allowedUsersUnknown: 'Every allowed user must be an existing member',
  participantsBelowCurrent: (n: number) => `Participants required cannot be below the ${n} members who contributed`,
  contributionLocked: 'The contribution amount cannot change once members have contributed',
  sisterTitle: (title: string) => `${title} (Premium Discussion)`,
  cannotBuyOwn: 'You cannot buy your own thread',
  notPremium: 'This thread is not premium',
  alreadyOwned: 'You already have access to this thread',
  noUnlockable: 'This thread has no premium discussion to unlock',
  alreadyUnlocked: 'You have already unlocked this discussion',
  priceChanged: (n: number) => `The price is now ${n} coins. Please check and try again.`,
  purchased: 'Thread purchased',
  unlocked: 'Premium discussion unlocked',
  notGroupBuy: 'This thread is not a group buy',
  organizerCannotContribute: 'You organise this group buy',
  groupBuyAlreadyComplete: 'This group buy is already complete',
  groupBuyFull: 'This group buy is full',
  contributionInProgress: 'Your contribution is already being processed',
  contributionReceived: 'Contribution received',
  threadDeleted: 'Thread deleted',
  threadApproved: 'Thread approved',
} as const;

/** Titles of the auth failure toasts (spec 000 §8). */
export const AUTH_TOASTS = {
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  logoutFailed: 'Logout failed',
  resendFailed: 'Failed to resend code',
} as const;

/** The email verification screen and its gate (spec 000 §2). */
export const VERIFICATION_TEXT = {
  title: 'Verify Your Email',
  codeSentTo: (email: string) =>
    `We sent a 6-digit verification code to ${email}. Enter it below to verify your account.`,
  codeLabel: 'Verification code',
  verify: 'Verify Email',
  didntReceive: "Didn't receive the code?",
  resend: 'Resend Code',
  whyTitle: 'Why verify your email?',
  securityTitle: 'Enhance Security',
  securityText: 'Protect your account from unauthorized access.',
  communicationsTitle: 'Important Communications',
  communicationsText: 'Receive notifications about transactions and premium content.',
  goHome: 'Go to Homepage',
  logout: 'Logout',
  goToLogin: 'Go to Login Page',
  successTitle: 'Verification Successful!',
  redirectingHome: 'Redirecting to homepage...',
  developmentCode: (code: string) =>
    `Development mode: no mail server is configured, so your verification code is ${code}.`,
} as const;

/** Why a signed-in tab was signed out by the server ('session:revoked'). */
export const SESSION_TEXT = {
  signedOut: 'Signed out',
  revoked: {
    banned: 'This account has been banned',
    password_changed: 'Your password was changed. Please log in again.',
    logged_out: 'You logged out in another tab or on another device.',
    deleted: 'This account has been deleted.',
    ended: 'Your session has ended. Please log in again.',
  },
} as const;

/** Profile settings (spec 001 §2, §8). */
export const PROFILE_TEXT = {
  memberSince: 'Member since',
  cropTitle: 'Adjust Profile Photo',
  dangerZone: 'Danger Zone',
  deleteAccount: 'Delete Account',
  deleteConfirmTitle: 'Are you absolutely sure?',
  deleteConfirmBody:
    'This permanently deletes your account: your coins, sessions and personal data are removed. Your threads and replies stay, shown as by Anonymous.',
  deletePasswordLabel: 'Enter your password to confirm',
  accountDeleted: 'Account deleted',
  updateFailed: 'Update Failed',
  pictureFailed: 'Failed to update profile picture.',
  profileFailed: 'Failed to update profile.',
  profileUpdated: 'Profile updated',
  pictureUpdated: 'Profile picture updated',
  defaultThreadPrivacy: 'Default thread privacy',
  defaultThreadPrivacyText: 'New threads start as private.',
  hideProfile: 'Hide profile information',
  hideProfileText: 'Other members do not see your bio or join date.',
  savePrivacy: 'Save Privacy Settings',
  privacySaved: 'Privacy settings saved',
  passwordChanged: 'Password updated',
  passwordChangedText: 'Your other devices have been signed out.',
  passwordChangeFailed: 'Password change failed',
  sessionManagement: 'Session Management',
  activityLog: 'Account Activity Log',
  notAvailableYet: 'Not available yet',
} as const;

/** The admin and moderator console's answers the spec leaves to the server (issue 7). */
export const ADMIN_TEXT = {
  cannotSanctionStaff: 'Administrators and moderators cannot be banned or muted',
  banned: (username: string) => `${username} has been banned`,
  unbanned: (username: string) => `${username} is no longer banned`,
  muted: (username: string, hours: number) =>
    `${username} has been muted for ${hours} ${hours === 1 ? 'hour' : 'hours'}`,
  unmuted: (username: string) => `${username} is no longer muted`,
  alreadyBanned: (username: string) => `${username} is already banned`,
  notBanned: (username: string) => `${username} is not banned`,
  notMuted: (username: string) => `${username} is not muted`,
  muteDurationInvalid: 'Mute duration must be a whole number of hours from 1 to 720',
  reasonMax: 'A reason can be at most 500 characters',
  selfCoinsRange: 'You can add from 1 to 100,000 test coins to yourself at a time',
  userCoinsRange: 'You can add from 1 to 1,000 test coins to a member at a time',
  coinsAdded: (amount: number) => `${amount.toLocaleString('en-US')} test coins added to your balance`,
  userCoinsAdded: (amount: number, username: string) =>
    `${amount.toLocaleString('en-US')} test coins added to ${username}'s balance`,
  categoryDeleted: 'Category deleted',
  backupFailed: 'Failed to create database backup. Please try again.',
  restoreFailed: 'Failed to restore database',
  restoreNotJson: 'The backup must be a .json file',
  restoreNotBackup: 'This file is not an Enclave backup',
  restoreVersion: (version: unknown) => `Backup format version ${String(version)} is not supported`,
  restoreUnknownCollection: (name: string) => `The backup contains an unknown collection: ${name}`,
  restoreCountMismatch: (name: string, expected: unknown, found: number) =>
    `The backup's manifest says ${name} holds ${String(expected)} documents, but the file holds ${found}`,
  restoreBadDocument: (name: string, index: number, problem: string) =>
    `Document ${index + 1} of ${name} is invalid: ${problem}`,
  restoreDuplicate: (name: string, key: string) => `The backup holds two ${name} documents with the same ${key}`,
  restoreTooLarge: 'The backup file is too large',
  restoreInProgress: 'A restore is already running',
  restored: (documents: number, collections: number) =>
    `Database restored: ${documents} documents in ${collections} collections`,
  restoreRolledBack: 'Failed to restore database: the data from before the restore was put back',
} as const;

/** Reports (issue 7: members report a thread, a reply or a message). */
export const REPORT_TEXT = {
  reasonRequired: 'Please give a reason for the report',
  reasonMax: (n: number) => `A reason can be at most ${n} characters`,
  alreadyReported: 'You have already reported this, and the report is still open',
  ownContent: "You can't report your own content",
  threadNotFound: 'Thread not found',
  postNotFound: 'Reply not found',
  messageNotFound: 'Message not found',
  reportNotFound: 'Report not found',
  alreadyResolved: 'This report has already been resolved',
  actioned: 'Action taken: the reported content was removed',
  dismissed: 'Report dismissed',
  noReports: 'No reported content',
} as const;

/** The wallet page's labels quoted in spec 001 §2 and §8 (the failure texts are PAYMENT_TEXT). */
export const WALLET_TEXT = {
  buyCoins: 'Buy Coins',
  history: 'Transaction History',
  whyCoins: 'Why Use Coins?',
  createNewPayment: 'Create New Payment',
  save: 'Save',
  copied: 'Copied!',
  retry: 'Retry',
  tryAgain: 'Try Again',
} as const;

/** The home page, the category page and the create-thread dialog (spec 000 §2, §4; spec 001 §2, §8). */
export const FORUM_PAGE_TEXT = {
  createThreadTitle: 'Create New Thread',
  premiumDiscussion: 'Premium Private Discussion',
  allCategories: 'All Categories',
  errorLoadingCategory: 'Error Loading Category',
  errorLoadingThreads: 'Error loading threads',
  errorLoadingCategories: 'Error loading categories',
  purchased: 'Purchased',
  coins: (n: number) => `${n} coins`,
  premiumContent: (n: number) => `Premium Content (${n} coins)`,
  pendingCreatedTitle: 'Thread submitted for approval',
  pendingCreated: 'Only you and the moderators can see it until a moderator approves it.',
} as const;

/** The thread page and the edit-thread page (spec 001 §2, §4, §8). */
export const THREAD_PAGE_TEXT = {
  loadErrorTitle: 'Error Loading Thread',
  loadFailed: 'Failed to load thread.',
  repliesFailed: 'Failed to load replies.',
  replyFailed: 'Failed to post reply',
  purchaseFailed: 'Purchase failed',
  unlockFailed: 'Unlock failed',
  deleteFailed: 'Delete failed',
  updateFailed: 'Failed to update thread',
  contributionFailed: 'Contribution failed',
  insufficientCoins: 'Insufficient coins',
  insufficientFunds: 'Insufficient Funds',
  unlockTitle: 'Unlock Premium Content',
  purchaseTitle: 'Purchase Premium Thread',
  deleteTitle: 'Delete Thread',
  deleteConfirm: (title: string) =>
    `"${title}" and all of its replies will be permanently deleted. If it has premium sister content, that is deleted too. This cannot be undone.`,
  deleted: 'Thread deleted',
  deletedText: (title: string) => `"${title}" has been permanently deleted.`,
  updated: 'Thread updated',
  contentUnlocked: 'Content Unlocked',
  premiumRequiredTitle: 'Premium Content',
  pendingText: 'Members cannot see this thread until a moderator or an administrator approves it.',
  leaveReply: 'Leave a Reply',
  loginToReply: 'Login to Reply',
  roles: { admin: 'Administrator', moderator: 'Moderator', member: 'Member' },
  /** Balances run into the thousands: grouped as in the header. */
  balanceCoins: (n: number) => `${n.toLocaleString('en-US')} coins`,
} as const;

/** The admin console's labels, empty states and failure titles (spec 001 §2, §4, §5, §8). */
export const CONSOLE_TEXT = {
  title: 'Admin Console',
  backToForum: 'Back to Forum',
  manageCategories: 'Manage Categories',
  tabs: { users: 'Users', content: 'Content', reports: 'Reports' },
  tools: {
    threads: 'Approval Queue',
    moderation: 'Thread Moderation',
    'user-moderation': 'User Moderation',
    categories: 'Categories',
    settings: 'Settings',
    database: 'Database',
  },
  stats: {
    users: 'Total Users',
    threads: 'Threads',
    posts: 'Posts',
    transactions: 'Coin Transactions',
    ranges: {
      '1d': 'Last 24 hours',
      '7d': 'Last 7 days',
      '30d': 'Last 30 days',
      '90d': 'Last 90 days',
      all: 'All time',
    },
  },
  status: { admin: 'Admin', moderator: 'Mod', banned: 'Banned', muted: 'Muted', active: 'Active' },
  roles: { admin: 'Admin', moderator: 'Moderator', user: 'User' },
  addCoins: 'Add Coins',
  ban: 'Ban',
  mute: 'Mute',
  unban: 'Unban',
  unmute: 'Unmute',
  takeAction: 'Take Action',
  dismiss: 'Dismiss',
  viewThread: 'View Thread',
  approveThread: 'Approve Thread',
  unknownAuthor: 'Unknown',
  uncategorized: 'Uncategorized',
  noUsers: 'No users found',
  noThreads: 'No threads found',
  noSearchMatches: 'No threads found matching your search criteria',
  noCategories: 'No categories found...',
  addCoinsFailed: 'Failed to add coins',
  banFailed: 'Failed to ban user',
  deleteThreadFailed: 'Failed to delete thread',
  approveReportFailed: 'Failed to approve report',
  dismissReportFailed: 'Failed to dismiss report',
  errorLoadingUnapproved: 'Error loading unapproved threads',
  error: 'Error',
  invalidInput: 'Invalid Input',
  userNotFound: 'User not found',
  createCategoryFailed: 'Error creating category',
  updateCategoryFailed: 'Error updating category',
  deleteCategoryFailed: 'Error deleting category',
  noWalletData: 'No wallet data available',
  retryLoading: 'Retry Loading',
  walletsUpdateFailed: 'Failed to update wallet addresses',
  saveChanges: 'Save Changes',
  saved: 'Saved',
  saving: 'Saving...',
  backupFailed: 'Backup Failed',
  restoreFailed: 'Restore Failed',
  noFileSelected: 'No File Selected',
  staffOnlyMembers: 'Only administrators can list members. Look a member up by ID in User Moderation.',
  categoryNameRequired: 'Name is required',
  categoryCostInvalid: 'Premium cost must be a whole number of at least 1',
  usdRateInvalid: 'Enter a USD rate above 0, or leave it empty for the default rate',
  categoryCreated: 'Category created',
  categoryUpdated: 'Category updated',
} as const;

/** The members' Report button and dialog (issue 7, beyond the spec). */
export const REPORT_DIALOG_TEXT = {
  report: 'Report',
  title: { thread: 'Report thread', post: 'Report reply', message: 'Report message' },
  reasonLabel: 'Reason',
  reasonHelp: 'Tell the moderators what is wrong. They see your username; the author does not.',
  send: 'Send Report',
  sending: 'Sending…',
  failed: 'Report failed',
  sent: 'Report sent',
  sentText: 'Thank you. A moderator will review it.',
} as const;
