import {
  MESSAGE_TEXT,
  MESSAGES_PAGE_SIZE,
  type Message,
  type MessageBox,
  type MessageList,
  type MessagesQuery,
  type SendMessageBody,
} from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { assertNotMuted } from '../auth/guards.ts';
import { findByNumericId, insertWithId } from '../db/ids.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import { findMember } from '../users/service.ts';
import type { UserRecord } from '../users/user-model.ts';
import { attachmentOf } from './attachments.ts';
import { blockBetween } from './blocks.ts';
import type { MessageRecord } from './message-model.ts';
import { canMarkRead } from './policy.ts';
import { presentMessage, presentMessages } from './presenter.ts';

/** Received and still unread; the member's own sent messages never count. */
export function unreadCountOf(app: FastifyInstance, memberId: number): Promise<number> {
  return app.models.PrivateMessage.countDocuments({ recipientId: memberId, isRead: false });
}

export async function sendMessage(app: FastifyInstance, sender: UserRecord, body: SendMessageBody): Promise<Message> {
  assertNotMuted(sender);
  if (body.recipientId === sender.id) throw badRequest(MESSAGE_TEXT.notToYourself);
  const recipient = await findMember(app, body.recipientId);
  const blocked = await blockBetween(app, sender, recipient);
  if (blocked) throw forbidden(blocked);
  const attachment = await attachmentOf(app, recipient, body);
  const record = await insertWithId(app.models.PrivateMessage, {
    content: body.content,
    senderId: sender.id,
    recipientId: recipient.id,
    isRead: false,
    readAt: null,
    ...attachment,
    createdAt: new Date(),
  });
  // Each member reads the message as they may: an invite's title only for whoever may open the thread.
  const [message, received, unreadCount] = await Promise.all([
    presentMessage(app, record, sender),
    presentMessage(app, record, recipient),
    unreadCountOf(app, recipient.id),
  ]);
  app.events.publish('message.sent', { sent: message, received, unreadCount });
  return message;
}

async function page(app: FastifyInstance, viewer: UserRecord, box: MessageBox, query: MessagesQuery) {
  const limit = query.limit ?? MESSAGES_PAGE_SIZE;
  const filter = {
    ...(box === 'inbox' ? { recipientId: viewer.id } : { senderId: viewer.id }),
    ...(query.before !== undefined ? { id: { $lt: query.before } } : {}),
  };
  // One more than the page says whether an older page exists.
  const found = await app.models.PrivateMessage.find(filter)
    .sort({ id: -1 })
    .limit(limit + 1)
    .lean<MessageRecord[]>();
  const messages = found.slice(0, limit);
  return { messages, next: found.length > limit ? (messages.at(-1)?.id ?? null) : null };
}

/** Newest first, by box; see `MessagesQuery` for how the cursors page. */
export async function listMessages(
  app: FastifyInstance,
  viewer: UserRecord,
  query: MessagesQuery,
): Promise<MessageList> {
  const empty = { messages: [], next: null };
  const [inbox, sent, unreadCount] = await Promise.all([
    query.box === 'sent' ? empty : page(app, viewer, 'inbox', query),
    query.box === 'inbox' ? empty : page(app, viewer, 'sent', query),
    unreadCountOf(app, viewer.id),
  ]);
  const presented = await presentMessages(app, [...inbox.messages, ...sent.messages], viewer);
  return {
    inbox: presented.slice(0, inbox.messages.length),
    sent: presented.slice(inbox.messages.length),
    unreadCount,
    nextCursor: { inbox: inbox.next, sent: sent.next },
  };
}

/** Idempotent; only the first read sends the receipt and the new count. */
export async function markRead(app: FastifyInstance, viewer: UserRecord, id: number): Promise<Message> {
  const found = await findByNumericId(app.models.PrivateMessage, id);
  if (!found || !canMarkRead(viewer, found)) throw notFound(MESSAGE_TEXT.messageNotFound);
  if (found.isRead) return presentMessage(app, found, viewer);
  const readAt = new Date();
  const updated = await app.models.PrivateMessage.findOneAndUpdate(
    { id, isRead: false },
    { $set: { isRead: true, readAt } },
    { returnDocument: 'after' },
  ).lean<MessageRecord>();
  // Another tab read it in between: that read sent the receipt.
  if (!updated) {
    return presentMessage(app, (await findByNumericId(app.models.PrivateMessage, id)) as MessageRecord, viewer);
  }
  const message = await presentMessage(app, updated, viewer);
  app.events.publish('message.read', {
    message,
    readAt: readAt.toISOString(),
    unreadCount: await unreadCountOf(app, viewer.id),
  });
  return message;
}
