import { type InferSchemaType, Schema } from 'mongoose';

export const ATTACHMENT_TYPES = ['link', 'invite'] as const;

export const messageSchema = new Schema(
  {
    id: { type: Number, required: true, unique: true },
    content: { type: String, required: true },
    senderId: { type: Number, required: true },
    recipientId: { type: Number, required: true },
    isRead: { type: Boolean, default: false },
    readAt: { type: Date, default: null },
    hasAttachment: { type: Boolean, default: false },
    attachmentType: { type: String, enum: [...ATTACHMENT_TYPES, null], default: null },
    attachmentData: { type: String, default: null },
    createdAt: { type: Date, required: true },
  },
  { id: false },
);
// Both boxes page by id, newest first; the unread count reads the recipient's unread ones.
messageSchema.index({ recipientId: 1, id: -1 });
messageSchema.index({ senderId: 1, id: -1 });
messageSchema.index({ recipientId: 1, isRead: 1 });

export type MessageRecord = InferSchemaType<typeof messageSchema>;
