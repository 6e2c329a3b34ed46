import Type from 'typebox';
import { Id, IdParams, IsoDate, Nullable, OkReply } from './common.ts';
import { route } from './contract.ts';
import { endpoints } from './endpoints.ts';
import { LIMITS } from './limits.ts';
import { VALIDATION } from './ui-texts.ts';

/** Letters, digits, `_ . -`, 3 to 32 characters: each rule refused with its own text, on the server and in forms. */
export const Username = Type.String({
  minLength: LIMITS.usernameMin,
  maxLength: LIMITS.usernameMax,
  pattern: '^[A-Za-z0-9_.-]+$',
  errorMessage: {
    required: VALIDATION.usernameRequired,
    minLength: VALIDATION.usernameMin,
    maxLength: VALIDATION.usernameMax,
    pattern: VALIDATION.usernameCharacters,
  },
});
export const Password = Type.String({
  minLength: LIMITS.passwordMin,
  maxLength: LIMITS.passwordMax,
  errorMessage: VALIDATION.passwordMin,
});
export const Email = Type.String({
  maxLength: 254,
  pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
  errorMessage: VALIDATION.emailInvalid,
});
export const Bio = Type.String({ maxLength: LIMITS.bioMax, errorMessage: VALIDATION.bioMax });

export const PrivacySettings = Type.Object({
  defaultThreadPrivate: Type.Boolean(),
  hideProfile: Type.Boolean(),
});
export type PrivacySettings = Type.Static<typeof PrivacySettings>;

/** What every member may see of another member: never an email, a balance or a code. */
export const PublicUser = Type.Object({
  id: Id,
  username: Type.String(),
  bio: Nullable(Type.String()),
  profilePicture: Nullable(Type.String()),
  createdAt: Nullable(IsoDate),
  isAdmin: Type.Boolean(),
  isModerator: Type.Boolean(),
  isBanned: Type.Boolean(),
  isMuted: Type.Boolean(),
});
export type PublicUser = Type.Static<typeof PublicUser>;

/**
 * What the signed-in member may do beyond taking part, decided by the server's policy. The client draws staff
 * tabs, panels and buttons from these and never from the role flags.
 */
export const Abilities = Type.Object({
  /** The console: members table, approval queue, reports, content list, bans, mutes and pending payments. */
  canModerate: Type.Boolean(),
  canDeleteThreads: Type.Boolean(),
  canEditThreads: Type.Boolean(),
  /** Coin grants, and the members' email addresses in the members table. */
  canManageUsers: Type.Boolean(),
  canManageCategories: Type.Boolean(),
  /** Test coins and the crypto receiving addresses. */
  canManageSettings: Type.Boolean(),
  canReadModerationLog: Type.Boolean(),
  /** Database backup and restore. */
  canBackup: Type.Boolean(),
});
export type Abilities = Type.Static<typeof Abilities>;

/** The signed-in member's own record (GET /api/user). */
export const CurrentUser = Type.Object({
  id: Id,
  username: Type.String(),
  email: Type.String(),
  isEmailVerified: Type.Boolean(),
  isAdmin: Type.Boolean(),
  isModerator: Type.Boolean(),
  coinBalance: Type.Integer(),
  bio: Nullable(Type.String()),
  profilePicture: Nullable(Type.String()),
  createdAt: IsoDate,
  isMuted: Type.Boolean(),
  mutedUntil: Nullable(IsoDate),
  privacy: PrivacySettings,
  abilities: Abilities,
  /** A passkey or an authenticator app is on: a password sign-in takes a second step. */
  hasSecondFactor: Type.Boolean(),
  /** Staff without a second factor where the deployment requires one: every staff route refuses until then. */
  mustAddSecondFactor: Type.Boolean(),
});
export type CurrentUser = Type.Static<typeof CurrentUser>;

export const UpdateProfileBody = Type.Object({
  username: Type.Optional(Username),
  bio: Type.Optional(Bio),
});
export type UpdateProfileBody = Type.Static<typeof UpdateProfileBody>;

export const ChangePasswordBody = Type.Object({
  currentPassword: Type.String({ minLength: 1, errorMessage: VALIDATION.currentPasswordRequired }),
  newPassword: Password,
  confirmPassword: Type.String({ minLength: LIMITS.passwordMin, errorMessage: VALIDATION.confirmPasswordRequired }),
});
export type ChangePasswordBody = Type.Static<typeof ChangePasswordBody>;

export const DeleteAccountBody = Type.Object({
  password: Type.String({ minLength: 1, errorMessage: VALIDATION.currentPasswordRequired }),
});

export const UsernameParams = Type.Object({ username: Type.String({ minLength: 1, maxLength: LIMITS.usernameMax }) });

/** The first letters of a username, as a member types it into a picker. */
export const MemberSuggestionsQuery = Type.Object({
  prefix: Type.String({ minLength: LIMITS.memberSuggestionPrefixMin, maxLength: LIMITS.usernameMax }),
});
export type MemberSuggestionsQuery = Type.Static<typeof MemberSuggestionsQuery>;

/** A member offered to a picker: what their card shows at a glance, never an email, a bio or a date. */
export const MemberSuggestion = Type.Object({
  id: Id,
  username: Type.String(),
  profilePicture: Nullable(Type.String()),
});
export type MemberSuggestion = Type.Static<typeof MemberSuggestion>;

export const userRoutes = {
  user: route({ ...endpoints.user, summary: 'The signed-in member', response: { 200: CurrentUser } }),
  userById: route({
    ...endpoints.userById,
    summary: 'Look a member up by id',
    params: IdParams,
    response: { 200: PublicUser },
  }),
  usersById: route({
    ...endpoints.usersById,
    summary: 'A member’s public profile',
    params: IdParams,
    response: { 200: PublicUser },
  }),
  searchUser: route({
    ...endpoints.searchUser,
    summary: 'Find a member by exact username',
    params: UsernameParams,
    response: { 200: PublicUser },
  }),
  memberSuggestions: route({
    ...endpoints.memberSuggestions,
    summary:
      'Members whose usernames start with the prefix, alphabetically, at most 8; not the caller, and not members who hide their profile',
    querystring: MemberSuggestionsQuery,
    response: { 200: Type.Array(MemberSuggestion) },
  }),
  updateProfile: route({
    ...endpoints.updateProfile,
    body: UpdateProfileBody,
    response: { 200: CurrentUser },
  }),
  uploadProfilePicture: route({
    ...endpoints.uploadProfilePicture,
    response: { 200: Type.Object({ profilePicture: Type.String() }) },
  }),
  profilePicture: route({
    ...endpoints.profilePicture,
    params: IdParams,
    response: {},
  }),
  updatePrivacy: route({
    ...endpoints.updatePrivacy,
    body: PrivacySettings,
    response: { 200: CurrentUser },
  }),
  changePassword: route({
    ...endpoints.changePassword,
    body: ChangePasswordBody,
    response: { 200: OkReply },
  }),
  deleteAccount: route({ ...endpoints.deleteAccount, body: DeleteAccountBody, response: { 200: OkReply } }),
};
