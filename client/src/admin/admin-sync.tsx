import type { ServerToClientEvents } from '@enclave/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type ForumSocket, useSocket } from '../realtime/socket-provider.tsx';
import { ADMIN_THREADS_KEY, dropThread, markApproved, queueReport, queueThread, unqueueReport } from './admin-cache.ts';

/** Keeps the staff queues live in this tab; mounted once, inside the socket provider (only staff get these events). */
export function AdminSync() {
  useAdminEvents(useSocket());
  return null;
}

export function useAdminEvents(socket: ForumSocket) {
  const queryClient = useQueryClient();

  useEffect(() => {
    const onQueued: ServerToClientEvents['approval:queued'] = ({ thread }) => {
      queueThread(queryClient, thread);
      // The content table lists pending threads too: it reads the new one with its author and category.
      void queryClient.invalidateQueries({ queryKey: ADMIN_THREADS_KEY });
    };
    const onApproved: ServerToClientEvents['approval:approved'] = ({ threadId }) => markApproved(queryClient, threadId);
    const onDeleted: ServerToClientEvents['thread:deleted'] = ({ threadId }) => dropThread(queryClient, threadId);
    const onReport: ServerToClientEvents['report:queued'] = ({ report }) => queueReport(queryClient, report);
    const onResolved: ServerToClientEvents['report:resolved'] = ({ reportId }) => unqueueReport(queryClient, reportId);
    socket.on('approval:queued', onQueued);
    socket.on('approval:approved', onApproved);
    socket.on('thread:deleted', onDeleted);
    socket.on('report:queued', onReport);
    socket.on('report:resolved', onResolved);
    return () => {
      socket.off('approval:queued', onQueued);
      socket.off('approval:approved', onApproved);
      socket.off('thread:deleted', onDeleted);
      socket.off('report:queued', onReport);
      socket.off('report:resolved', onResolved);
    };
  }, [socket, queryClient]);
}
