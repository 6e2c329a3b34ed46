import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listen } from '../realtime/listen.ts';
import { type ForumSocket, useSocket } from '../realtime/socket-provider.tsx';
import { ADMIN_THREADS_KEY, dropThread, markApproved, queueReport, queueThread, unqueueReport } from './admin-cache.ts';

/** Keeps the staff queues live in this tab; mounted once, inside the socket provider (only staff get these events). */
export function AdminSync() {
  useAdminEvents(useSocket());
  return null;
}

export function useAdminEvents(socket: ForumSocket | null) {
  const queryClient = useQueryClient();

  useEffect(
    () =>
      listen(socket, {
        'approval:queued': ({ thread }) => {
          queueThread(queryClient, thread);
          // The content table lists pending threads too: it reads the new one with its author and category.
          void queryClient.invalidateQueries({ queryKey: ADMIN_THREADS_KEY });
        },
        'approval:approved': ({ threadId }) => markApproved(queryClient, threadId),
        'thread:deleted': ({ threadId }) => dropThread(queryClient, threadId),
        'report:queued': ({ report }) => queueReport(queryClient, report),
        'report:resolved': ({ reportId }) => unqueueReport(queryClient, reportId),
      }),
    [socket, queryClient],
  );
}
