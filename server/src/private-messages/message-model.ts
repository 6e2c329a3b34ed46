import { type InferSchemaType, Schema } from 'mongoose';
import type { ListItem } from '../storage/index.ts';

export const ATTACHMENT_TYPES = ['link', 'invite'] as const;

/**
 * A message by its numeric id, under `internalId(id)` (one point read for PATCH read, reports and
 * removal). Its content never changes; the read state lives on its two box items, which its locator
 * names.
 */
export const messageSchema = new Schema(
  {
    id: { type: Number, required: true, unique: true },
    content: { type: String, required: true },
    /** As formatting/cook.ts made them; absent on messages sent before cooking (then `content` is plain text). */
    cooked: { type: String },
    /** The plain text, kept only where it differs from `content`. */
    text: { type: String },
    mentions: { type: [Number], default: undefined },
    senderId: { type: Number, required: true },
    recipientId: { type: Number, required: true },
    hasAttachment: { type: Boolean, default: false },
    attachmentType: { type: String, enum: [...ATTACHMENT_TYPES, null], default: null },
    attachmentData: { type: String, default: null },
    createdAt: { type: Date, required: true },
    /** Staff removed it: both boxes skip it, and it no longer exists for reading or reporting. */
    removedAt: { type: Date, default: null },
  },
  { id: false },
);

/**
 * Where a message sits in `inbox:{recipientId}` and `sent:{senderId}`, under the message's id. Written
 * once, by insert: on FerretDB an update by `_id` still reads its whole collection, an insert does not.
 */
export const messageLocatorSchema = new Schema(
  { _id: String, inboxN: { type: Number, required: true }, sentN: { type: Number, required: true } },
  { versionKey: false },
);

export interface MessageLocator {
  inboxN: number;
  sentN: number;
}

export type MessageRecord = InferSchemaType<typeof messageSchema>;

/** A message with where it sits in both boxes. */
export type LocatedMessage = MessageRecord & MessageLocator;

/**
 * A row of a box: a copy of the message (its content never changes) with what changes, the read
 * state and a removal, rewritten on both boxes' items. `id` is the message's numeric id.
 */
export interface BoxItem extends ListItem {
  id: number;
  content: string;
  cooked?: string | null;
  text?: string | null;
  senderId: number;
  recipientId: number;
  isRead: boolean;
  readAt: Date | null;
  hasAttachment: boolean;
  attachmentType: (typeof ATTACHMENT_TYPES)[number] | null;
  attachmentData: string | null;
  createdAt: Date;
  removedAt: Date | null;
}

export const boxItemSchema = new Schema<BoxItem>(
  {
    _id: String,
    list: String,
    n: Number,
    id: Number,
    content: String,
    cooked: String,
    text: String,
    senderId: Number,
    recipientId: Number,
    isRead: Boolean,
    readAt: Date,
    hasAttachment: Boolean,
    attachmentType: String,
    attachmentData: String,
    createdAt: Date,
    removedAt: Date,
  },
  { id: false, versionKey: false },
);

export const inboxOf = (memberId: number) => `inbox:${memberId}`;
export const sentOf = (memberId: number) => `sent:${memberId}`;
