import type { Message } from '@enclave/protocol';
import { cookedOf } from '../formatting/cook.ts';
import type { Database } from '../storage/index.ts';
import type { Viewer } from '../threads/policy.ts';
import { visibleThreads } from '../threads/service.ts';
import type { DirectoryPart } from '../users/context.ts';
import type { UserRecord } from '../users/user-model.ts';
import type { BoxItem } from './message-model.ts';

/** What a message shows: a box item, or a message just stored (unread). */
export type ShownMessage = Pick<
  BoxItem,
  | 'id'
  | 'content'
  | 'cooked'
  | 'senderId'
  | 'recipientId'
  | 'isRead'
  | 'readAt'
  | 'hasAttachment'
  | 'attachmentType'
  | 'attachmentData'
  | 'createdAt'
>;

const invitedThreadId = (message: ShownMessage) =>
  message.attachmentType === 'invite' ? Number(message.attachmentData) : null;

/**
 * Messages as `reader` sees them, with each side's current username (each member read once by key,
 * unless `known` has them already); an invite names its thread only when the reader may open it, so
 * a thread that became private since never shows its title.
 */
export async function presentMessages(
  app: Database & DirectoryPart<'cards'>,
  messages: ShownMessage[],
  reader: Viewer,
  known: Pick<UserRecord, 'id' | 'username'>[] = [],
): Promise<Message[]> {
  const names = new Map(known.map((user) => [user.id, user.username]));
  const ids = new Set(messages.flatMap((message) => [message.senderId, message.recipientId]));
  const invited = messages.map(invitedThreadId).filter((id): id is number => id !== null);
  const [users, threads] = await Promise.all([
    app.members.cards([...ids].filter((id) => !names.has(id))),
    invited.length > 0 ? visibleThreads(app, reader, invited) : [],
  ]);
  for (const user of users.values()) names.set(user.id, user.username);
  const titles = new Map(threads.map((thread) => [thread.id, thread.title]));
  return messages.map((message) => ({
    id: message.id,
    content: message.content,
    cooked: cookedOf(message),
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

export async function presentMessage(
  app: Database & DirectoryPart<'cards'>,
  message: ShownMessage,
  reader: Viewer,
  known: Pick<UserRecord, 'id' | 'username'>[] = [],
): Promise<Message> {
  return (await presentMessages(app, [message], reader, known))[0] as Message;
}
