import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listen } from '../realtime/listen.ts';
import { useSocket } from '../realtime/socket-provider.tsx';
import { withCompletion, withProgress } from '../thread/thread-cache.ts';
import { updateListedThread } from './forum-queries.ts';

/**
 * Group buys on cards follow their phase live: places fill, and one that completes, is cancelled or expires stops
 * inviting members to join, on every list this tab holds (the server tells everyone of group buys everyone sees).
 */
export function GroupBuySync() {
  const socket = useSocket();
  const queryClient = useQueryClient();

  useEffect(
    () =>
      listen(socket, {
        'groupbuy:progress': (progress) =>
          updateListedThread(queryClient, progress.threadId, (thread) => withProgress(thread, progress)),
        'groupbuy:completed': ({ threadId, completedAt }) =>
          updateListedThread(queryClient, threadId, (thread) => withCompletion(thread, completedAt)),
        'groupbuy:ended': ({ threadId, status }) =>
          updateListedThread(queryClient, threadId, (thread) => ({ ...thread, groupBuyStatus: status })),
      }),
    [socket, queryClient],
  );
  return null;
}
