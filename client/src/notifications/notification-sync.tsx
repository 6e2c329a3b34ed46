import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listen } from '../realtime/listen.ts';
import { useSocket } from '../realtime/socket-provider.tsx';
import { putNotification, setReadMark } from './notification-cache.ts';

/** Keeps this tab's bell and panel live: new notifications, and read marks made in the member's other tabs. */
export function NotificationSync() {
  const socket = useSocket();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      listen(socket, {
        'notification:new': (payload) => putNotification(queryClient, payload),
        'notification:read': (count) => setReadMark(queryClient, count),
      }),
    [socket, queryClient],
  );
  return null;
}
