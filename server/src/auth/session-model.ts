import type { ClientSummary, SignInMethod } from '@enclave/protocol';
import { Schema } from 'mongoose';
import type { ListItem } from '../storage/index.ts';

/**
 * A sign-in: item n of the member's monthly list `sessions:{userId}:{YYYY-MM}` (see monthly-lists.ts), its id
 * `{YYYY-MM}.{n}` carried by the session token. Written once and never changed, so it has no writer to race: an
 * end is its own document (SessionEnd), and so is the last time it was seen (SessionSeen).
 */
export interface SessionItem extends ListItem {
  userId: number;
  /** The member's session version at sign-in: a later bump (password change, ban, deletion) ends it too. */
  sessionVersion: number;
  client: ClientSummary;
  /** How it was signed in; absent on sessions from before second factors (a password). */
  method?: SignInMethod;
  createdAt: Date;
}

import type { MonthlyKind } from '../storage/index.ts';

/** Session records, with each one's end and last-seen, removed together once their month is past retention. */
export const SESSIONS: MonthlyKind = {
  prefix: 'sessions',
  model: 'SessionItem',
  companions: ['SessionEnd', 'SessionSeen', 'SessionStepUp'],
};

const clientFields = { device: String, deviceType: String, browser: String, place: String };

export const sessionItemSchema = new Schema<SessionItem>(
  {
    _id: String,
    list: String,
    n: Number,
    userId: Number,
    sessionVersion: Number,
    client: clientFields,
    method: String,
    createdAt: Date,
  },
  { id: false, versionKey: false },
);

/**
 * A session ended on its own (by the member, or a logout), under `_id` the session's item key. Inserted, never
 * changed: an end cannot be lost to a concurrent write, and two ends of one session are one.
 */
export const sessionEndSchema = new Schema(
  { _id: String, at: { type: Date, required: true }, reason: { type: String, required: true } },
  { versionKey: false },
);

/** When a session was last seen, under `_id` the session's item key: replaced by a throttled touch. */
export const sessionSeenSchema = new Schema({ _id: String, at: { type: Date, required: true } }, { versionKey: false });

/**
 * The last step-up of a session (a second factor, or the password of a member without one, given again), under `_id`
 * the session's item key: replaced by each one. Money and power moves ask that it, or the sign-in, be recent.
 */
export const sessionStepUpSchema = new Schema(
  { _id: String, at: { type: Date, required: true }, via: { type: String, required: true } },
  { versionKey: false },
);
