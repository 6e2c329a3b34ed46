/** The user-facing texts quoted in the specs, so client and server say the same words. */

export const VALIDATION = {
  usernameMin: 'Username must be at least 3 characters',
  usernameMax: 'Username must be at most 32 characters',
  usernameCharacters: 'Username may only contain letters, digits, underscores (_), dots (.) and hyphens (-)',
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
  groupBuyContentRequired: 'Add the content the group buy unlocks',
  groupBuyDaysRange: 'A group buy runs from 1 to 30 days',
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
  emailVerified: 'Email verified',
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
  inviteLabel: 'Thread invite',
  inviteUnavailable: 'a thread you cannot open',
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
  threadRateLimited: (threads: number, minutes: number) =>
    `You can start at most ${threads} threads every ${minutes} minutes. Please try again later.`,
  threadRateLimitedAddress: 'Too many new threads from your network. Please try again later.',
  titleMax: (n: number) => `Title must be at most ${n} characters`,
  contentMax: (n: number) => `Content must be at most ${n} characters`,
  replyMax: (n: number) => `Replies can be at most ${n} characters`,
  tagsMax: (n: number) => `A thread can have at most ${n} tags`,
  tagMax: (n: number) => `Tags can be at most ${n} characters`,
  participantsMax: (n: number) => `A group buy can have at most ${n} participants`,
  costMax: (n: number) => `Costs can be at most ${n} coins`,
  groupBuyOrUnlockable: 'A thread cannot be both a group buy and a premium discussion',
  allowedUsersUnknown: 'Every allowed user must be an existing member',
  allowedUsersMax: (n: number) => `A private thread can be shared with at most ${n} members`,
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
  groupBuyExpired: 'This group buy has expired',
  groupBuyCancelled: 'This group buy was cancelled',
  groupBuyCancelledNow: 'Group buy cancelled: every contribution went back to its contributor',
  groupBuyNotCancellable: 'Only an open group buy can be cancelled',
  ownGroupBuy: 'Another staff member must cancel a group buy you organise or joined',
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
  resendIn: (seconds: number) => `Resend Code in ${seconds}s`,
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
    factors_reset: 'An administrator reset your second factors. Please log in again.',
    logged_out: 'You logged out in another tab.',
    deleted: 'This account has been deleted.',
    ended: 'Your session has ended. Please log in again.',
  },
} as const;

/** The sessions view of the profile's Security tab, and the server's answers about sessions. */
export const SESSIONS_TEXT = {
  title: 'Active Sessions',
  intro: 'Every browser and device signed in to your account. End any you do not recognise.',
  current: 'This device',
  signedIn: 'Signed in',
  lastActive: 'Last active',
  network: 'Network',
  end: 'End',
  endLabel: (what: string) => `End the session on ${what}`,
  endOthers: 'End all other sessions',
  noOthers: 'No other sessions are signed in.',
  ended: 'Session ended',
  endedText: 'That device has been signed out.',
  endedOthers: (count: number) =>
    count === 0 ? 'No other sessions were signed in' : `${count} other ${count === 1 ? 'session' : 'sessions'} ended`,
  endFailed: 'Could not end the session',
  loading: 'Loading your sessions',
  loadFailed: 'Your sessions could not be loaded.',
  notFound: 'No such session of yours is signed in',
  badId: 'Not a session id',
} as const;

/** Second factors, two-step sign-in and step-up (issue #27): the server's answers and the screens' words. */
export const FACTOR_TEXT = {
  // The server's answers.
  appCodeFormat: 'Enter the 6-digit code from your authenticator app',
  recoveryCodeFormat: 'Enter a recovery code as it was shown (xxxxx-xxxxx)',
  passkeyNameRule: 'Give the passkey a name of at most 50 characters',
  oneProof: 'Send exactly one of: a code from your app, a recovery code, a passkey or your password',
  passwordNotEnough: 'Your account has a second factor: confirm with it, not with your password',
  stepUpRequired: 'Confirm it’s you to continue',
  steppedUp: 'Confirmed',
  wrongProof: 'That did not confirm it’s you',
  staffNeedsFactor:
    'Staff must turn on two-factor sign-in (a passkey or an authenticator app) in Profile → Security before using the console',
  setupExpired: 'This setup has expired. Start again.',
  appAlreadyOn: 'An authenticator app is already on. Turn it off first to use another.',
  passkeyExists: 'This passkey is already added',
  passkeyRejected: 'The passkey could not be verified. Try again.',
  passkeyNotFound: 'No such passkey of yours',
  passkeysUnavailable: 'Passkeys need PUBLIC_URL to be set on this server',
  passkeyAdded: 'Passkey added',
  passkeyRenamed: 'Passkey renamed',
  passkeyRemoved: 'Passkey removed',
  appAdded: 'Authenticator app turned on',
  noFactor: 'Turn on a passkey or an authenticator app first',
  appRemoved: 'Authenticator app turned off',
  // Mail.
  mailFactorAdded: (what: string) => `A second factor was added to your account: ${what}`,
  mailFactorRemoved: (what: string) => `A second factor was removed from your account: ${what}`,
  mailRecoveryUsed: 'A recovery code was used to sign in to your account',
  mailNotYou:
    'If this was not you, sign in, change your password and end your other sessions in Profile → Security at once.',
  // The screens.
  sectionTitle: 'Two-factor sign-in',
  sectionIntro:
    'A second step after your password, or a passkey instead of it. Staff must have one to use the console.',
  passkeysTitle: 'Passkeys',
  passkeysIntro: 'Sign in with your fingerprint, face, screen lock or a security key. No username to type.',
  noPasskeys: 'No passkeys yet.',
  addPasskey: 'Add a passkey',
  passkeyName: 'Passkey name',
  passkeyNameDefault: 'My passkey',
  rename: 'Rename',
  remove: 'Remove',
  removeLabel: (name: string) => `Remove the passkey ${name}`,
  renameLabel: (name: string) => `Rename the passkey ${name}`,
  added: 'Added',
  lastUsed: 'Last used',
  never: 'Never',
  appTitle: 'Authenticator app',
  appIntro: 'Codes from an app such as Aegis, Google Authenticator or 1Password.',
  appOn: (date: string) => `On since ${date}`,
  appOff: 'Off',
  setUpApp: 'Set up',
  turnOffApp: 'Turn off',
  scanQr: 'Scan this QR code with your authenticator app, or type the key in by hand.',
  qrLabel: 'QR code of the authenticator app key',
  secretLabel: 'Key',
  firstCode: 'Code from the app',
  confirmApp: 'Turn on',
  recoveryTitle: 'Recovery codes',
  recoveryIntro: 'For when you have neither your passkey nor your app. Each works once.',
  recoveryRemaining: (left: number) => `${left} of 10 left`,
  regenerate: 'New codes',
  codesTitle: 'Save your recovery codes',
  codesIntro: 'Each code signs you in once if you lose your other factors. They are shown only now.',
  copyCodes: 'Copy',
  copied: 'Copied',
  savedCodes: 'I have saved them',
  // Sign-in.
  signInWithPasskey: 'Sign in with a passkey',
  secondStepTitle: 'Two-step verification',
  secondStepIntro: 'Your account has a second factor. Confirm it’s you to finish signing in.',
  useApp: 'Enter the code from your authenticator app',
  usePasskey: 'Use a passkey',
  useRecovery: 'Use a recovery code',
  recoveryCode: 'Recovery code',
  verify: 'Verify',
  backToLogin: 'Back to login',
  secondStepExpired: 'That took too long. Sign in again.',
  // Step-up.
  stepUpTitle: 'Confirm it’s you',
  stepUpIntro: 'This moves money or changes your account’s security. Confirm it’s you to go on.',
  password: 'Password',
  confirm: 'Confirm',
  cancel: 'Cancel',
  // The console.
  consoleTitle: 'Two-factor sign-in required',
  consoleGoToSecurity: 'Set it up in Profile → Security',
  // The client's own words (issue #27's screens).
  or: 'or',
  appCode: 'Code from your app',
  verifying: 'Verifying…',
  confirming: 'Confirming…',
  adding: 'Adding…',
  saving: 'Saving…',
  removing: 'Removing…',
  save: 'Save',
  passkeyCancelled: 'No passkey was used: the prompt was closed or timed out. Try again, or choose another way.',
  passkeyUnsupported: 'This browser cannot use passkeys. Choose another way, or another browser.',
  changeFailed: 'Two-factor sign-in not changed',
  removePasskeyConfirm: (name: string) => `Remove the passkey “${name}”? It will no longer sign you in.`,
  removeAppConfirm: 'Turn off the authenticator app? Its codes will no longer sign you in.',
  noRecoveryCodes: 'None yet: they come with your first passkey or authenticator app.',
  copyFailed: 'Select the codes and copy them by hand.',
  setupUntil: (time: string) => `This setup is valid until ${time}.`,
  signedInWith: 'Signed in with',
  factorsLoading: 'Loading your second factors',
  factorsLoadFailed: 'Your second factors could not be loaded.',
  // The activity log.
  activity: {
    factorAdded: 'Second factor added',
    factorRemoved: 'Second factor removed',
    secondStepFailed: 'Failed two-step verification (wrong code or passkey)',
    steppedUp: (how: string) => `Confirmed it’s you with ${how}`,
    recoveryCodeUsed: 'Recovery code used',
    recoveryCodesRenewed: 'New recovery codes made; the old ones stopped working',
    /** What confirmed a step-up (the entry's detail). */
    proofs: {
      password: 'your password',
      app: 'your authenticator app',
      passkey: 'a passkey',
      recovery: 'a recovery code',
    } as Record<string, string>,
  },
  // Sessions list.
  methods: {
    password: 'Password',
    registration: 'New account',
    passkey: 'Passkey',
    'password+app': 'Password + authenticator app',
    'password+passkey': 'Password + passkey',
    'password+recovery': 'Password + recovery code',
  },
} as const;

const PROFILE_FIELD_NAMES: Record<string, string> = {
  username: 'username',
  bio: 'bio',
  picture: 'profile picture',
  privacy: 'privacy settings',
};

/** The account activity log of the profile's Security tab (coin movements read as the wallet's history names them). */
export const ACTIVITY_TEXT = {
  title: 'Account Activity',
  intro: (days: number) => `Sign-ins, security changes, coins and payments on your account for the last ${days} days.`,
  empty: 'No activity in this period.',
  loading: 'Loading your activity',
  loadFailed: 'Your activity could not be loaded.',
  signedIn: 'Signed in',
  registered: 'Account created and signed in',
  signInFailed: 'Failed sign-in attempt (wrong password)',
  passwordChanged: 'Password changed; other sessions signed out',
  passwordChangeFailed: 'Failed password change (wrong current password)',
  /** A profile edit, naming what changed: `username`, `bio`, `picture` or `privacy` (the entry's detail). */
  profileUpdated: (fields: readonly string[]) =>
    `Profile updated: ${fields.map((field) => PROFILE_FIELD_NAMES[field] ?? field).join(' and ')}`,
  emailVerified: 'Email address verified',
  sessionEnded: 'Session ended',
  loggedOut: 'Logged out',
  paymentStarted: 'Payment started',
  paymentCompleted: 'Payment completed',
  paymentFailed: 'Payment failed',
  viewThread: 'View thread',
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
  sessionManagementText: 'See the devices signed in to your account, and sign any of them out.',
  manageSessions: 'Manage',
  activityLog: 'Account Activity Log',
  activityLogText: 'Review recent sign-ins, security changes and coin movements.',
  viewLog: 'View Log',
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
  reasonRequired: 'Give a reason: it goes into the moderation log',
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
  restoreLedgerBroken: (account: number, seq: number, problem: string) =>
    `The backup's ledger does not add up: account ${account}, entry ${seq}: ${problem}`,
  restoreCoinsFromNowhere: (amount: number, key: string) =>
    `a credit of ${amount} coins (${key}) with no matching debit, grant or confirmed payment`,
  restoreRefused: (problem: string) => `The database refused the backup, so nothing was changed: ${problem}`,
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
  demoAddressTitle: 'Demo addresses, do not send funds',
  demoAddressBody:
    'This address is an example from the demo data, on a test network. Nothing sent to it is credited, and real funds sent to it are lost.',
  demoSetupTitle: 'Set your receiving addresses',
  demoSetupBody:
    'Payments still go to the demo addresses seeded with the forum. An admin sets real ones in Crypto Wallet Settings before members pay.',
} as const;

/** The home page, the category page and the create-thread dialog (spec 000 §2, §4; spec 001 §2, §8). */
export const FORUM_PAGE_TEXT = {
  /** A group buy on a card, in its phase: only an open one invites members to join. */
  groupBuyPlaces: (current: number, required: number) => `Group buy: ${current} of ${required} places`,
  groupBuyComplete: 'Group buy complete',
  groupBuyCancelled: 'Group buy cancelled',
  groupBuyExpired: 'Group buy expired',
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
  privateHelp: 'Only you, the members you choose below and the moderators can read it.',
  privateMembers: 'Members who can read it',
  addMember: 'Add member',
  memberUsername: 'Username',
  memberNotFound: (username: string) => `No member is called ${username}`,
  lookingForMembers: 'Looking for members…',
  noMemberStartsWith: (letters: string) => `No member's name starts with ${letters}`,
  memberIsYou: 'You can always read your own thread',
  membersMax: (n: number) => `You can choose at most ${n} members`,
  removeMember: (username: string) => `Remove ${username}`,
  noMembersChosen: 'No members chosen yet: only you and the moderators can read it.',
  groupBuyContent: 'Content unlocked for participants',
  groupBuyContentHelp: 'A link, a key or instructions. Only participants see it, once every place is taken.',
  groupBuyDays: 'Deadline (days)',
  groupBuyDaysHelp: 'If the places are not all taken by then, every contribution goes back.',
  sharedWithYouTitle: 'A private thread was shared with you',
  openSharedThread: 'Open thread',
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
  groupBuyContentPreview: 'What participants get when the last place fills:',
  groupBuyEndsIn: (left: string) => `Ends in ${left}`,
  groupBuyNoDeadline: 'No deadline',
  groupBuyClosing: 'Deadline reached: closing…',
  groupBuyExpiredTitle: 'Expired',
  groupBuyExpiredText:
    'The places were not all taken before the deadline. Every contribution went back to its contributor.',
  groupBuyCancelledTitle: 'Cancelled',
  groupBuyCancelledText: 'Staff cancelled this group buy. Every contribution went back to its contributor.',
  groupBuyHeld: 'Your coins are held in escrow until the last place fills, and come back if it does not fill in time.',
  premiumRequiredTitle: 'Premium Content',
  /** A thread that does not exist and one the viewer may not read are told alike, so neither is given away. */
  notAvailable: "This thread doesn't exist, or it hasn't been shared with you.",
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
  staffTools: 'Staff tools',
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
  backupCreated: 'Backup Created',
  backupSaved: (fileName: string) => `${fileName} was handed to your browser's downloads.`,
  restoreFailed: 'Restore Failed',
  noFileSelected: 'No File Selected',
  categoryNameRequired: 'Name is required',
  categoryCostInvalid: 'Premium cost must be a whole number of at least 1',
  usdRateInvalid: 'Enter a USD rate above 0, or leave it empty for the default rate',
  categoryCreated: 'Category created',
  categoryUpdated: 'Category updated',
  cancelGroupBuy: 'Cancel group buy',
  cancelGroupBuyTitle: (title: string) => `Cancel the group buy "${title}"?`,
  cancelGroupBuyText:
    'Every contribution goes back to its contributor, and nobody can contribute again. This cannot be undone.',
  cancelGroupBuyReason: 'Reason (required)',
  cancelGroupBuyFailed: 'Failed to cancel group buy',
  keepGroupBuy: 'Keep it',
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

/** Reactions (issue 28): each kind's accessible name, the bar's and the picker's words. */
export const REACTION_TEXT = {
  labels: { thumbsUp: 'Thumbs up', heart: 'Heart', laugh: 'Laugh', party: 'Party', thinking: 'Thinking' },
  /** A chip's accessible name: "Thumbs up: 3, you reacted". */
  chip: (label: string, count: number, mine: boolean) => `${label}: ${count}${mine ? ', you reacted' : ''}`,
  like: 'Like',
  liked: 'Liked',
  add: 'Add reaction',
  picker: 'Choose a reaction',
  bar: 'Reactions',
  signInToReact: 'Sign in to react',
  whoReacted: (label: string) => `Who reacted with ${label}`,
  andOthers: (count: number) => (count === 1 ? 'and 1 other' : `and ${count} others`),
  loading: 'Loading…',
  failed: 'Could not save your reaction',
  rateLimited: 'You are reacting too fast. Wait a moment and try again.',
} as const;

/** A member's page (/member/{id}), where a mention leads. */
export const MEMBER_PAGE_TEXT = {
  notFound: 'This member does not exist, or their account was deleted.',
  loadFailed: 'The member could not be loaded.',
  since: (date: string) => `Member since ${date}`,
  hidden: 'This member keeps their profile private.',
  banned: 'Banned',
  you: 'This is you.',
  editProfile: 'Edit your profile',
} as const;

/** Who is here (issue 28): a thread's readers strip and "typing…" in private messages. */
export const PRESENCE_TEXT = {
  /** Shown beside the avatars; the members reading now (the viewer among them). */
  reading: (members: number) => `${members} reading`,
  /** What a screen reader hears for the strip. */
  readingLabel: (members: number, visitors: number) =>
    `${members} ${members === 1 ? 'member' : 'members'} reading${
      visitors > 0 ? ` and ${visitors} ${visitors === 1 ? 'visitor' : 'visitors'}` : ''
    }`,
  visitors: (visitors: number) => `${visitors} ${visitors === 1 ? 'visitor' : 'visitors'}`,
  more: (count: number) => `+${count}`,
  hiddenMember: 'A member who keeps their profile private',
  typing: (names: string[]) =>
    names.length === 1 ? `${names[0]} is typing…` : `${names.slice(0, -1).join(', ')} and ${names.at(-1)} are typing…`,
} as const;
