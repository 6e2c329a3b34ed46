import Type from 'typebox';
import { Id, IdParams, IsoDate, Nullable, OkReply } from './common.ts';
import { route } from './contract.ts';
import { endpoints } from './endpoints.ts';
import { LIMITS } from './limits.ts';
import { ReactionSummary } from './reactions.ts';
import { MESSAGE_TEXT, VALIDATION } from './ui-texts.ts';
import { PublicUser } from './users.ts';

/** A link (an http or https URL) or an invite (the numeric id of a thread). */
export const AttachmentType = Type.Enum(['link', 'invite'], { errorMessage: MESSAGE_TEXT.attachmentTypeInvalid });
export type AttachmentType = Type.Static<typeof AttachmentType>;

/** Two parts, so an empty message and a too long one each get their own words. */
export const MessageContent = Type.Intersect(
  [
    Type.String({ minLength: 1, pattern: '\\S', errorMessage: VALIDATION.contentRequired }),
    Type.String({ maxLength: LIMITS.messageMax, errorMessage: MESSAGE_TEXT.contentTooLong(LIMITS.messageMax) }),
  ],
  { errorMessage: VALIDATION.contentRequired },
);

export const Message = Type.Object({
  id: Id,
  /** As written (Markdown). */
  content: Type.String(),
  /** The content as HTML, cooked and sanitized by the server when sent: what the message shows. */
  cooked: Type.String(),
  senderId: Id,
  recipientId: Id,
  isRead: Type.Boolean(),
  /** When the recipient opened it: the sender's read receipt. */
  readAt: Nullable(IsoDate),
  hasAttachment: Type.Boolean(),
  attachmentType: Nullable(AttachmentType),
  attachmentData: Nullable(Type.String()),
  /** An invite's thread title, only when this reader may open the thread; null otherwise (and for links). */
  inviteTitle: Nullable(Type.String()),
  createdAt: IsoDate,
  _senderUsername: Type.String(),
  _recipientUsername: Type.String(),
  /** Reactions as the viewer sees them (issue 28): counts by kind and the viewer's own; absent where not shown. */
  reactions: Type.Optional(ReactionSummary),
});
export type Message = Type.Static<typeof Message>;

export const SendMessageBody = Type.Object({
  content: MessageContent,
  recipientId: Id,
  /** Defaults to whether an attachmentType is given. */
  hasAttachment: Type.Optional(Type.Boolean()),
  attachmentType: Type.Optional(AttachmentType),
  /** The URL of a link, or the thread id of an invite. */
  attachmentData: Type.Optional(Type.String({ maxLength: LIMITS.messageAttachmentMax })),
});
export type SendMessageBody = Type.Static<typeof SendMessageBody>;

export const MESSAGES_PAGE_SIZE = 50;

/**
 * GET /api/messages?limit&before&box. Without `box`, the newest page of both boxes; with it,
 * only that box is filled (the other is empty). `before` is a position in that box (each box
 * numbers its messages 1, 2, … as they arrive), not a message id: pass a box's `nextCursor` with
 * that `box` to load its next, older page.
 */
export const MessagesQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.pageSizeMax })),
  before: Type.Optional(Id),
  box: Type.Optional(Type.Enum(['inbox', 'sent'])),
});
export type MessagesQuery = Type.Static<typeof MessagesQuery>;
export type MessageBox = NonNullable<MessagesQuery['box']>;

export const UnreadCount = Type.Object({ unreadCount: Type.Integer({ minimum: 0 }) });
export type UnreadCount = Type.Static<typeof UnreadCount>;

export const MessageList = Type.Object({
  /** Received messages, newest first. */
  inbox: Type.Array(Message),
  /** Messages the viewer sent, newest first. */
  sent: Type.Array(Message),
  /** Unread received messages in all pages (never the viewer's own). */
  unreadCount: Type.Integer({ minimum: 0 }),
  /** The `before` of each box's next page (a position in that box), or null when that box has no older messages. */
  nextCursor: Type.Object({ inbox: Nullable(Id), sent: Nullable(Id) }),
});
export type MessageList = Type.Static<typeof MessageList>;

/** Read receipt, pushed to the sender. */
export const MessageReadReceipt = Type.Object({ id: Id, readAt: IsoDate });
export type MessageReadReceipt = Type.Static<typeof MessageReadReceipt>;

export const BlockedMember = Type.Object({ user: PublicUser, blockedAt: IsoDate });
export type BlockedMember = Type.Static<typeof BlockedMember>;

export const privateMessageRoutes = {
  sendMessage: route({
    ...endpoints.sendMessage,
    summary: 'Send a private message',
    body: SendMessageBody,
    response: { 201: Message },
  }),
  listMessages: route({
    ...endpoints.listMessages,
    summary: 'The viewer’s inbox and sent messages, newest first',
    querystring: MessagesQuery,
    response: { 200: MessageList },
  }),
  unreadMessageCount: route({
    ...endpoints.unreadMessageCount,
    summary: 'How many received messages are unread',
    response: { 200: UnreadCount },
  }),
  markMessageRead: route({
    ...endpoints.markMessageRead,
    summary: 'Mark a received message read (idempotent)',
    params: IdParams,
    response: { 200: Message },
  }),
  blockMember: route({
    ...endpoints.blockMember,
    summary: 'Stop a member from sending the viewer messages',
    params: IdParams,
    response: { 200: BlockedMember },
  }),
  unblockMember: route({
    ...endpoints.unblockMember,
    summary: 'Accept messages from a blocked member again',
    params: IdParams,
    response: { 200: OkReply },
  }),
  blockedMembers: route({
    ...endpoints.blockedMembers,
    summary: 'The members the viewer has blocked, latest first',
    response: { 200: Type.Object({ blocks: Type.Array(BlockedMember) }) },
  }),
};
