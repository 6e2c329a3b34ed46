import type { Message, MessageList } from '@enclave/protocol';
import { cookedFixture } from './thread-fixtures.ts';

/** A message to the test member (alice, id 7) unless told otherwise. */
export function aMessage(overrides: Partial<Message> = {}): Message {
  const content = overrides.content ?? 'Are you in for the group buy?';
  return {
    id: 1,
    content,
    cooked: cookedFixture(content),
    senderId: 8,
    recipientId: 7,
    isRead: false,
    readAt: null,
    hasAttachment: false,
    attachmentType: null,
    attachmentData: null,
    inviteTitle: null,
    createdAt: '2026-03-05T10:00:00.000Z',
    _senderUsername: 'bob',
    _recipientUsername: 'alice',
    ...overrides,
  };
}

export function aMessageList(overrides: Partial<MessageList> = {}): MessageList {
  return { inbox: [], sent: [], unreadCount: 0, nextCursor: { inbox: null, sent: null }, ...overrides };
}
