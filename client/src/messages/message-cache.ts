import { api, type Message, type MessageBox, type MessageList, type UnreadCount } from '@enclave/protocol';
import type { QueryClient } from '@tanstack/react-query';

/** The inbox and sent boxes, newest first; older pages are merged in as they load. */
export const MESSAGES_QUERY_KEY = [api.listMessages.url] as const;
export const UNREAD_COUNT_QUERY_KEY = [api.unreadMessageCount.url] as const;

/**
 * Every change to the cached boxes goes through here, fetched or pushed alike. A list that was never
 * fetched stays unfetched: a pushed message alone is not the member's inbox.
 */
function updateList(queryClient: QueryClient, update: (list: MessageList) => MessageList) {
  queryClient.setQueryData<MessageList>(MESSAGES_QUERY_KEY, (list) => list && update(list));
}

/** Merged by id, newest (highest id) first: the sending tab gets its own message twice, once answered and once pushed. */
function mergeById(messages: Message[], incoming: Message[]): Message[] {
  const byId = new Map(messages.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}

export function putMessage(queryClient: QueryClient, box: MessageBox, message: Message) {
  updateList(queryClient, (list) => ({ ...list, [box]: mergeById(list[box], [message]) }));
}

/** An older page of one box, from its cursor. */
export function appendOlder(queryClient: QueryClient, box: MessageBox, page: MessageList) {
  updateList(queryClient, (list) => ({
    ...list,
    [box]: mergeById(list[box], page[box]),
    nextCursor: { ...list.nextCursor, [box]: page.nextCursor[box] },
  }));
}

export function setUnreadCount(queryClient: QueryClient, unreadCount: number) {
  queryClient.setQueryData<UnreadCount>(UNREAD_COUNT_QUERY_KEY, { unreadCount });
  updateList(queryClient, (list) => ({ ...list, unreadCount }));
}

/** A read receipt: the message is read wherever it shows, in the inbox or in Sent. */
export function markReadInCache(queryClient: QueryClient, id: number, readAt: string) {
  const read = (message: Message) => (message.id === id ? { ...message, isRead: true, readAt } : message);
  updateList(queryClient, (list) => ({ ...list, inbox: list.inbox.map(read), sent: list.sent.map(read) }));
}

export function removeMessage(queryClient: QueryClient, id: number) {
  const keep = (message: Message) => message.id !== id;
  updateList(queryClient, (list) => ({ ...list, inbox: list.inbox.filter(keep), sent: list.sent.filter(keep) }));
}

export function findMessage(list: MessageList | undefined, id: number | null): Message | undefined {
  if (!list || id === null) return undefined;
  return list.inbox.find((message) => message.id === id) ?? list.sent.find((message) => message.id === id);
}
