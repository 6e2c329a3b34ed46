import { Schema, type Types } from 'mongoose';

/** A second factor a member turns on. */
export type FactorKind = 'passkey' | 'app';
/** What proves who is at the keyboard: a factor, a recovery code, or the password of a member without a factor. */
export type ProofKind = 'password' | 'app' | 'passkey' | 'recovery';

/**
 * A passkey under `_id` its credential id (base64url), as the authenticator named it: signing in with it is one read
 * by key, and the unique `_id` refuses the same credential twice, on every backend.
 */
export interface PasskeyRecord {
  _id: string;
  userId: number;
  name: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  /** The authenticator's signature counter: a counter that goes back names a cloned key (simplewebauthn refuses). */
  counter: number;
  transports: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

export const passkeySchema = new Schema(
  {
    _id: String,
    userId: { type: Number, required: true },
    name: { type: String, required: true },
    publicKey: { type: String, required: true },
    counter: { type: Number, required: true },
    transports: { type: [String], default: [] },
    createdAt: { type: Date, required: true },
    lastUsedAt: { type: Date, default: null },
  },
  { versionKey: false },
);

/** Ten single-use codes, kept as HMACs under this generation's salt; a regeneration replaces the set. */
export interface RecoveryCodeSet {
  salt: string;
  hashes: string[];
  /** Numbers the set, so that a spent code's slot (`recovery:{userId}:{generation}:{index}`) is this set's. */
  generation: number;
  generatedAt: Date;
  /** The indexes spent, for the count shown; the slots decide. */
  used: number[];
}

/**
 * A member's factors, under `_id` `internalId(userId)`: their passkeys' ids (in the order added), the authenticator
 * app's secret once confirmed, a setup's secret until then, and the recovery codes. One read by key per sign-in.
 */
export interface MemberFactorsRecord {
  _id: Types.ObjectId;
  userId: number;
  passkeys: string[];
  app: { secret: string; addedAt: Date } | null;
  pendingApp: { secret: string; expiresAt: Date } | null;
  recovery: RecoveryCodeSet | null;
}

const part = (fields: Record<string, unknown>) => ({ type: new Schema(fields, { _id: false }), default: null });

export const memberFactorsSchema = new Schema(
  {
    userId: { type: Number, required: true },
    passkeys: { type: [String], default: [] },
    app: part({ secret: String, addedAt: Date }),
    pendingApp: part({ secret: String, expiresAt: Date }),
    recovery: part({ salt: String, hashes: [String], generation: Number, generatedAt: Date, used: [Number] }),
  },
  { versionKey: false },
);
