import type { Message } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { findAllByNumericId } from '../db/ids.ts';
import type { Viewer } from '../threads/policy.ts';
import { openableThreads } from './attachments.ts';
import type { MessageRecord } from './message-model.ts';

const invitedThreadId = (message: MessageRecord) =>
  message.attachmentType === 'invite' ? Number(message.attachmentData) : null;

/**
 * Messages as `reader` sees them, with each side's current username; an invite names its thread only when
 * the reader may open it, so a thread that became private since never shows its title.
 */
export async function presentMessages(
  app: FastifyInstance,
  messages: MessageRecord[],
  reader: Viewer,
): Promise<Message[]> {
  const ids = [...new Set(messages.flatMap((message) => [message.senderId, message.recipientId]))];
  const invited = messages.map(invitedThreadId).filter((id): id is number => id !== null);
  const [users, threads] = await Promise.all([
    findAllByNumericId(app.models.User, ids),
    invited.length > 0 ? openableThreads(app, reader, invited) : [],
  ]);
  const names = new Map(users.map((user) => [user.id, user.username]));
  const titles = new Map(threads.map((thread) => [thread.id, thread.title]));
  return messages.map((message) => ({
    id: message.id,
    content: message.content,
    senderId: message.senderId,
    recipientId: message.recipientId,
    isRead: message.isRead,
    readAt: message.readAt?.toISOString() ?? null,
    hasAttachment: message.hasAttachment,
    attachmentType: message.attachmentType ?? null,
    attachmentData: message.attachmentData ?? null,
    inviteTitle: titles.get(invitedThreadId(message) ?? 0) ?? null,
    createdAt: message.createdAt.toISOString(),
    _senderUsername: names.get(message.senderId) ?? '',
    _recipientUsername: names.get(message.recipientId) ?? '',
  }));
}

export async function presentMessage(app: FastifyInstance, message: MessageRecord, reader: Viewer): Promise<Message> {
  return (await presentMessages(app, [message], reader))[0] as Message;
}
