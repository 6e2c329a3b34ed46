import type { ServerToClientEvents } from '@enclave/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type ForumSocket, useSocket } from '../realtime/socket-provider.tsx';
import { markReadInCache, putMessage, removeMessage, setUnreadCount } from './message-cache.ts';

/** Keeps this tab's boxes and unread badge live; mounted once, inside the socket provider. */
export function MessageSync() {
  useMessageEvents(useSocket());
  return null;
}

/** Pushed messages, read receipts and unread counts, written into the same cache the pages read. */
export function useMessageEvents(socket: ForumSocket) {
  const queryClient = useQueryClient();

  useEffect(() => {
    const onNew: ServerToClientEvents['message:new'] = (message) => putMessage(queryClient, 'inbox', message);
    const onSent: ServerToClientEvents['message:sent'] = (message) => putMessage(queryClient, 'sent', message);
    const onUnread: ServerToClientEvents['message:unread'] = ({ unreadCount }) =>
      setUnreadCount(queryClient, unreadCount);
    const onRead: ServerToClientEvents['message:read'] = ({ id, readAt }) => markReadInCache(queryClient, id, readAt);
    const onRemoved: ServerToClientEvents['message:removed'] = ({ id }) => removeMessage(queryClient, id);
    socket.on('message:new', onNew);
    socket.on('message:sent', onSent);
    socket.on('message:unread', onUnread);
    socket.on('message:read', onRead);
    socket.on('message:removed', onRemoved);
    return () => {
      socket.off('message:new', onNew);
      socket.off('message:sent', onSent);
      socket.off('message:unread', onUnread);
      socket.off('message:read', onRead);
      socket.off('message:removed', onRemoved);
    };
  }, [socket, queryClient]);
}
