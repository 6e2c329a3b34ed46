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
