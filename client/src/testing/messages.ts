import type { Message, MessageList } from '@enclave/protocol';

/** A message to the test member (alice, id 7) unless told otherwise. */
export function aMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: 1,
    content: 'Are you in for the group buy?',
    cooked: '<p>Are you in for the group buy?</p>',
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
