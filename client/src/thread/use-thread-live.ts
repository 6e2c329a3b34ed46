import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listen } from '../realtime/listen.ts';
import { useSocket } from '../realtime/socket-provider.tsx';
import {
  applyGroupBuyCompleted,
  applyGroupBuyEnded,
  applyGroupBuyProgress,
  putReply,
  refreshThread,
  removeReply,
} from './thread-cache.ts';
import { groupBuyKey, repliesKey, threadKey } from './thread-queries.ts';

/**
 * While the page shows a thread the viewer may read, its socket watches the thread's room: new replies
 * and group-buy progress arrive in the same cache the page reads, so nothing needs a reload.
 */
export function useThreadLive(threadId: number, isReadable: boolean) {
  const socket = useSocket();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!isReadable || !socket) return;
    let watched = false;
    const watch = () => {
      socket.emit('thread:watch', threadId, () => undefined);
      watched = true;
    };
    // A new connection (not a recovered one) is in no room and missed what happened meanwhile.
    const onConnect = () => {
      if (watched && !socket.recovered) refreshThread(queryClient, threadId);
      watch();
    };
    const ours = (id: number) => id === threadId;
    const onChanged = (payload: { threadId: number }) => {
      if (ours(payload.threadId)) refreshThread(queryClient, threadId);
    };

    const unlisten = listen(socket, {
      connect: onConnect,
      'thread:reply': (payload) => {
        if (ours(payload.threadId)) putReply(queryClient, threadId, payload.post);
      },
      'thread:reply-removed': (payload) => {
        if (ours(payload.threadId)) removeReply(queryClient, threadId, payload.postId);
      },
      'thread:updated': onChanged,
      'thread:deleted': onChanged,
      'groupbuy:progress': (progress) => {
        if (ours(progress.threadId)) applyGroupBuyProgress(queryClient, progress);
      },
      'groupbuy:completed': (payload) => {
        if (ours(payload.threadId)) applyGroupBuyCompleted(queryClient, threadId, payload.completedAt);
      },
      'groupbuy:ended': (payload) => {
        if (ours(payload.threadId)) applyGroupBuyEnded(queryClient, payload);
      },
    });
    if (socket.connected) watch();
    return () => {
      socket.emit('thread:unwatch', threadId);
      unlisten();
      // Unwatched, the cached thread falls behind: read it again the next time it is shown.
      for (const queryKey of [threadKey(threadId), repliesKey(threadId), groupBuyKey(threadId)]) {
        void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
      }
    };
  }, [socket, queryClient, threadId, isReadable]);
}
