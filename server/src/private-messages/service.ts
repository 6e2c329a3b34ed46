import {
  MESSAGE_TEXT,
  MESSAGES_PAGE_SIZE,
  type Message,
  type MessageList,
  type MessagesQuery,
  type SendMessageBody,
} from '@enclave/protocol';
import { notFound } from '../errors.ts';
import { cook, storedFields } from '../formatting/cook.ts';
import { reactedMessagesOf } from '../reactions/reacted-messages.ts';
import { withReactions } from '../reactions/tally.ts';
import type { StorageContext } from '../storage/index.ts';
import type { DirectoryPart } from '../users/context.ts';
import type { UserRecord } from '../users/user-model.ts';
import { attachmentOf } from './attachments.ts';
import { documentKey, findMessage, inboxItemOf, readBox, rewriteMessage, storeMessage } from './boxes.ts';
import type { MessageContext } from './context.ts';
import { messageableRecipient } from './may-message.ts';
import type { LocatedMessage } from './message-model.ts';
import { messageModels } from './models.ts';
import { canMarkRead } from './policy.ts';
import { presentMessage, presentMessages } from './presenter.ts';
import { settle, unreadCountOf } from './unread.ts';

export { unreadCountOf };

export async function sendMessage(app: MessageContext, sender: UserRecord, body: SendMessageBody): Promise<Message> {
  // A missing member is the answer before a block, and a block before a bad attachment.
  const recipient = await messageableRecipient(app, sender, body.recipientId);
  const attachment = await attachmentOf(app, recipient, body);
  const cooked = await cook(body.content, app.members);
  const { item, unreadCount } = await storeMessage(app, {
    content: body.content,
    ...storedFields(body.content, cooked),
    senderId: sender.id,
    recipientId: recipient.id,
    ...attachment,
    createdAt: new Date(),
  });
  // Each member reads the message as they may: an invite's title only for whoever may open the thread.
  const [message, received] = await Promise.all([
    presentMessage(app, item, sender, [sender, recipient]),
    presentMessage(app, item, recipient, [sender, recipient]),
  ]);
  app.events.publish('message.sent', { sent: message, received, unreadCount, mentions: cooked.mentions });
  return message;
}

/** Newest first, by box; see `MessagesQuery` for how the cursors page. */
export async function listMessages(
  app: StorageContext & DirectoryPart<'cards'>,
  viewer: UserRecord,
  query: MessagesQuery,
): Promise<MessageList> {
  const limit = query.limit ?? MESSAGES_PAGE_SIZE;
  const empty = { items: [], next: null };
  const [inbox, sent, unreadCount, reacted] = await Promise.all([
    query.box === 'sent' ? empty : readBox(app, 'inbox', viewer.id, limit, query.before),
    query.box === 'inbox' ? empty : readBox(app, 'sent', viewer.id, limit, query.before),
    unreadCountOf(app, viewer.id),
    reactedMessagesOf(app, viewer.id),
  ]);
  // Each message's reactions are its own list's: only those the member's reacted messages name are read, together.
  const presented = await withReactions(
    app,
    viewer.id,
    'message',
    await presentMessages(app, [...inbox.items, ...sent.items], viewer, [viewer]),
    { among: reacted },
  );
  return {
    inbox: presented.slice(0, inbox.items.length),
    sent: presented.slice(inbox.items.length),
    unreadCount,
    nextCursor: { inbox: inbox.next, sent: sent.next },
  };
}

/**
 * Idempotent; only the first read sends the receipt and the new count. The first read is the one
 * that settles the message (see settle: unique under its id, so one reader wins on every backend);
 * a read that finds it settled but the item still unread (a crash in between) finishes the change.
 */
export async function markRead(app: MessageContext, viewer: UserRecord, id: number): Promise<Message> {
  const message = await findMessage(app, id);
  if (!message || !canMarkRead(viewer, message)) throw notFound(MESSAGE_TEXT.messageNotFound);
  const item = await inboxItemOf(app, message);
  if (!item) throw notFound(MESSAGE_TEXT.messageNotFound);
  if (item.isRead) return presentMessage(app, item, viewer, [viewer]);
  const { first, readAt } = await recordRead(app, message, new Date());
  // Removed by staff in between.
  if (!readAt) throw notFound(MESSAGE_TEXT.messageNotFound);
  const [presented, unreadCount] = await Promise.all([
    presentMessage(app, { ...item, isRead: true, readAt }, viewer, [viewer]),
    unreadCountOf(app, viewer.id),
  ]);
  if (first) app.events.publish('message.read', { message: presented, readAt: readAt.toISOString(), unreadCount });
  return presented;
}

/**
 * Settles the message as read, then writes the read state on both items. Answers whether this was
 * the first read, and the date of the first one (null when a removal settled it first).
 */
export async function recordRead(app: StorageContext, message: LocatedMessage, at: Date) {
  const { first, settlement } = await settle(app, message, { readAt: at, removedAt: null });
  if (settlement.readAt) await rewriteMessage(app, message, { isRead: true, readAt: settlement.readAt });
  return { first, readAt: settlement.readAt };
}

/**
 * Staff removal: the message becomes a tombstone that both boxes skip and reading or reporting no
 * longer finds; one still unread is settled, so the recipient's unread count follows. Null when it
 * was gone already.
 */
export async function removeMessage(app: StorageContext, id: number) {
  const message = await findMessage(app, id);
  if (!message) return null;
  const removedAt = new Date();
  await messageModels(app).PrivateMessage.updateOne({ _id: documentKey(message) }, { $set: { removedAt } });
  await Promise.all([settle(app, message, { readAt: null, removedAt }), rewriteMessage(app, message, { removedAt })]);
  return { message, unreadCount: await unreadCountOf(app, message.recipientId) };
}
