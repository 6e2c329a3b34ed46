import Type from 'typebox';
import { Id, IsoDate, Nullable, OkReply } from './common.ts';
import { route } from './contract.ts';
import { endpoints } from './endpoints.ts';
import { SIGN_IN_METHODS } from './factors.ts';
import { LIMITS } from './limits.ts';
import { SESSIONS_TEXT } from './ui-texts.ts';

/**
 * A session or an activity entry: the month it was recorded in and its number in that month's list
 * (`2026-11.3`). Only ever read under the signed-in member's own id, so it names nothing of anyone else.
 */
export const RecordId = Type.String({
  pattern: '^[0-9]{4}-[0-9]{2}\\.[1-9][0-9]{0,8}$',
  errorMessage: SESSIONS_TEXT.badId,
});

export const DEVICE_TYPES = ['desktop', 'phone', 'tablet', 'other'] as const;
export const DeviceType = Type.Enum(DEVICE_TYPES);
export type DeviceType = Type.Static<typeof DeviceType>;

/** What a sign-in came from, as coarse as useful: never the full address, never the raw user agent. */
export const ClientSummary = Type.Object({
  /** 'iPhone (iOS 17)', 'Desktop (Linux)'. */
  device: Type.String(),
  deviceType: DeviceType,
  /** 'Chrome 131'. */
  browser: Type.String(),
  /** The address's network only: its /24 for IPv4, its /48 for IPv6 ('203.0.113.0/24'). */
  place: Type.String(),
});
export type ClientSummary = Type.Static<typeof ClientSummary>;

/** One of the signed-in member's standing sessions (GET /api/sessions). */
export const SessionInfo = Type.Object({
  id: RecordId,
  client: ClientSummary,
  createdAt: IsoDate,
  lastSeenAt: IsoDate,
  /** The session this call was made with. */
  current: Type.Boolean(),
  /** How it was signed in (sessions from before second factors read 'password'). */
  method: Type.Enum(SIGN_IN_METHODS),
});
export type SessionInfo = Type.Static<typeof SessionInfo>;

export const SessionList = Type.Object({ sessions: Type.Array(SessionInfo) });
export type SessionList = Type.Static<typeof SessionList>;

export const EndedSessions = Type.Object({ message: Type.String(), ended: Type.Integer({ minimum: 0 }) });
export type EndedSessions = Type.Static<typeof EndedSessions>;

export const ACTIVITY_KINDS = [
  'signed_in',
  'sign_in_failed',
  'password_changed',
  'password_change_failed',
  'profile_updated',
  'email_verified',
  'session_ended',
  'coins_spent',
  'coins_received',
  'payment',
  'factor_added',
  'factor_removed',
  'second_step_failed',
  'stepped_up',
  'recovery_code_used',
  'recovery_codes_renewed',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** One entry of the member's own account activity log. */
export const ActivityEntry = Type.Object({
  id: RecordId,
  kind: Type.Enum(ACTIVITY_KINDS),
  at: IsoDate,
  /** Sign-ins, failed sign-ins, failed password changes and ended sessions: where from. */
  client: Nullable(ClientSummary),
  /** Coins moved (negative when spent), or the coins a payment buys. */
  coins: Nullable(Type.Integer()),
  /**
   * What the coins were for (the ledger's entry type: unlock, sale, admin_grant…), a payment's state (pending,
   * completed, failed), how a sign-in happened (its method, factors.ts: password, passkey, password+app…; 'login' in older entries), why a session ended (ended, logged_out),
   * what a profile edit changed (comma-separated: username, bio, picture, privacy), which factor was added or
   * removed (passkey, app) or confirmed a step-up (password, app, passkey, recovery).
   */
  detail: Nullable(Type.String()),
  /** The thread coins were spent or earned on; the link decides what the reader may see of it. */
  threadId: Nullable(Id),
});
export type ActivityEntry = Type.Static<typeof ActivityEntry>;

export const ActivityQuery = Type.Object({
  /** The `nextCursor` of the page before: entries older than that one. */
  before: Type.Optional(RecordId),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.pageSizeMax })),
});
export type ActivityQuery = Type.Static<typeof ActivityQuery>;

export const ActivityPage = Type.Object({
  /** Newest first, none older than LIMITS.activityRetentionDays. */
  entries: Type.Array(ActivityEntry),
  nextCursor: Nullable(RecordId),
});
export type ActivityPage = Type.Static<typeof ActivityPage>;

export const sessionRoutes = {
  sessions: route({
    ...endpoints.sessions,
    summary: 'The signed-in member’s standing sessions, the current one marked',
    response: { 200: SessionList },
  }),
  endSession: route({
    ...endpoints.endSession,
    summary: 'End one of your sessions: refused at once, its sockets disconnected',
    params: Type.Object({ id: RecordId }),
    response: { 200: OkReply },
  }),
  endOtherSessions: route({
    ...endpoints.endOtherSessions,
    summary: 'End every session of yours but this one',
    response: { 200: EndedSessions },
  }),
  activity: route({
    ...endpoints.activity,
    summary: 'Your account activity, newest first, kept 90 days',
    querystring: ActivityQuery,
    response: { 200: ActivityPage },
  }),
};
