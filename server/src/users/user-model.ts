import { type InferSchemaType, Schema } from 'mongoose';

const userSchema = new Schema(
  {
    id: { type: Number, required: true, unique: true },
    username: { type: String, required: true },
    /** Lower-cased copy under a unique index: 'Alice' and 'alice' are one name. */
    usernameKey: { type: String, required: true, unique: true },
    email: { type: String, required: true, unique: true },
    passwordHash: { type: String, required: true },
    bio: { type: String, default: null },
    profilePictureVersion: { type: Number, default: 0 },
    isEmailVerified: { type: Boolean, default: false },
    verification: {
      codeHash: { type: String, default: null },
      /** Distinguishes codes, so the wrong-try slots of an old code never count against a new one. */
      nonce: { type: String, default: null },
      expiresAt: { type: Date, default: null },
      sentAt: { type: Date, default: null },
    },
    isAdmin: { type: Boolean, default: false },
    isModerator: { type: Boolean, default: false },
    isBanned: { type: Boolean, default: false },
    bannedBy: { type: Number, default: null },
    bannedAt: { type: Date, default: null },
    mutedBy: { type: Number, default: null },
    mutedUntil: { type: Date, default: null },
    /**
     * The second factors that are on ('passkey', 'app'), kept by the factors domain (which holds the factors
     * themselves): what the sign-in gate and the staff gate ask, from the member directory, per request.
     */
    secondFactors: { type: [String], default: undefined },
    /** Part of every session token: bumping it signs the member out everywhere. */
    sessionVersion: { type: Number, default: 1 },
    /** Deleted accounts keep their id (so nothing is ever re-attributed) and lose everything else. */
    deletedAt: { type: Date, default: null },
    privacy: {
      defaultThreadPrivate: { type: Boolean, default: false },
      hideProfile: { type: Boolean, default: false },
    },
  },
  { id: false, timestamps: { createdAt: true, updatedAt: false } },
);

export type UserRecord = InferSchemaType<typeof userSchema> & { createdAt: Date };
export { userSchema };

/** One per member, under the member's derived `_id` (`internalId(userId)`), so serving it is a point read. */
const pictureSchema = new Schema(
  {
    userId: { type: Number, required: true, unique: true },
    contentType: { type: String, required: true },
    data: { type: Buffer, required: true },
    version: { type: Number, required: true },
  },
  { id: false, timestamps: true },
);

export { pictureSchema };
