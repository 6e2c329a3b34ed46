import { api, MESSAGE_TEXT, type MessageBox, type MessageList, type UnreadCount } from '@enclave/protocol';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client.ts';
import { useSession } from '../session/use-session.ts';
import {
  appendOlder,
  MESSAGES_QUERY_KEY,
  markReadInCache,
  putMessage,
  setUnreadCount,
  UNREAD_COUNT_QUERY_KEY,
} from './message-cache.ts';

/**
 * The newest page of both boxes, which also brings the unread count up to date. A failure shows on the page itself
 * ('Failed to load messages'), not as a toast. The page's route loader asks for it with the page's code.
 */
export const messageListQuery = (queryClient: QueryClient) =>
  queryOptions({
    queryKey: MESSAGES_QUERY_KEY,
    queryFn: async ({ signal }) => {
      const list = await call(api.listMessages, { signal, silent: true });
      queryClient.setQueryData<UnreadCount>(UNREAD_COUNT_QUERY_KEY, { unreadCount: list.unreadCount });
      return list;
    },
  });

export function useMessageList() {
  return useQuery(messageListQuery(useQueryClient()));
}

/** The next older page of one box, from the cursor the last page gave (a position in that box, opaque here). */
export function useLoadOlder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (box: MessageBox) => {
      const before = queryClient.getQueryData<MessageList>(MESSAGES_QUERY_KEY)?.nextCursor[box] ?? undefined;
      return call(api.listMessages, { query: { box, before }, errorTitle: MESSAGE_TEXT.loadFailed });
    },
    onSuccess: (page, box) => appendOlder(queryClient, box, page),
  });
}

/** The unread badge's count; the root loader asks for it early. */
export const unreadCountQuery = queryOptions({
  queryKey: UNREAD_COUNT_QUERY_KEY,
  queryFn: ({ signal }) => call(api.unreadMessageCount, { signal, silent: true }),
});

/** The unread badge's count; asked only for a member who may read messages (signed in, email verified). */
export function useUnreadMessageCount(): number {
  const { user } = useSession();
  const query = useQuery({ ...unreadCountQuery, enabled: Boolean(user?.isEmailVerified) });
  return user?.isEmailVerified ? (query.data?.unreadCount ?? 0) : 0;
}

/**
 * Spec 001 §4: opening a received message marks it read. The badge drops at once; the server's answer and its
 * pushed count then confirm it, and a failure reloads both from the server.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(api.markMessageRead, { params: { id } }),
    onMutate: (id) => {
      const list = queryClient.getQueryData<MessageList>(MESSAGES_QUERY_KEY);
      const message = list?.inbox.find((item) => item.id === id);
      if (!list || !message || message.isRead) return;
      markReadInCache(queryClient, id, new Date().toISOString());
      const unread = queryClient.getQueryData<UnreadCount>(UNREAD_COUNT_QUERY_KEY)?.unreadCount ?? list.unreadCount;
      setUnreadCount(queryClient, Math.max(0, unread - 1));
    },
    onSuccess: (message) => putMessage(queryClient, 'inbox', message),
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: MESSAGES_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_QUERY_KEY });
    },
  });
}
