import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listen } from '../realtime/listen.ts';
import { type ForumSocket, useSocket } from '../realtime/socket-provider.tsx';
import { markReadInCache, putMessage, removeMessage, setUnreadCount } from './message-cache.ts';

/** Keeps this tab's boxes and unread badge live; mounted once, inside the socket provider. */
export function MessageSync() {
  useMessageEvents(useSocket());
  return null;
}

/** Pushed messages, read receipts and unread counts, written into the same cache the pages read. */
export function useMessageEvents(socket: ForumSocket | null) {
  const queryClient = useQueryClient();

  useEffect(
    () =>
      listen(socket, {
        'message:new': (message) => putMessage(queryClient, 'inbox', message),
        'message:sent': (message) => putMessage(queryClient, 'sent', message),
        'message:unread': ({ unreadCount }) => setUnreadCount(queryClient, unreadCount),
        'message:read': ({ id, readAt }) => markReadInCache(queryClient, id, readAt),
        'message:removed': ({ id }) => removeMessage(queryClient, id),
      }),
    [socket, queryClient],
  );
}
