import type { Message } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { findAllByNumericId } from '../db/ids.ts';
import type { MessageRecord } from './message-model.ts';

/** Messages as both members see them, with each side's current username. */
export async function presentMessages(app: FastifyInstance, messages: MessageRecord[]): Promise<Message[]> {
  const ids = [...new Set(messages.flatMap((message) => [message.senderId, message.recipientId]))];
  const users = await findAllByNumericId(app.models.User, ids);
  const names = new Map(users.map((user) => [user.id, user.username]));
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
    createdAt: message.createdAt.toISOString(),
    _senderUsername: names.get(message.senderId) ?? '',
    _recipientUsername: names.get(message.recipientId) ?? '',
  }));
}

export async function presentMessage(app: FastifyInstance, message: MessageRecord): Promise<Message> {
  return (await presentMessages(app, [message]))[0] as Message;
}
