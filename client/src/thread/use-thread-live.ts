import type { ServerToClientEvents } from '@enclave/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSocket } from '../realtime/socket-provider.tsx';
import { applyGroupBuyCompleted, applyGroupBuyProgress, putReply, refreshThread, removeReply } from './thread-cache.ts';
import { groupBuyKey, repliesKey, threadKey } from './thread-queries.ts';

/**
 * While the page shows a thread the viewer may read, its socket watches the thread's room: new replies
 * and group-buy progress arrive in the same cache the page reads, so nothing needs a reload.
 */
export function useThreadLive(threadId: number, isReadable: boolean) {
  const socket = useSocket();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!isReadable) return;
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
    const onReply: ServerToClientEvents['thread:reply'] = (payload) => {
      if (ours(payload.threadId)) putReply(queryClient, threadId, payload.post);
    };
    const onReplyRemoved: ServerToClientEvents['thread:reply-removed'] = (payload) => {
      if (ours(payload.threadId)) removeReply(queryClient, threadId, payload.postId);
    };
    const onChanged = (payload: { threadId: number }) => {
      if (ours(payload.threadId)) refreshThread(queryClient, threadId);
    };
    const onProgress: ServerToClientEvents['groupbuy:progress'] = (progress) => {
      if (ours(progress.threadId)) applyGroupBuyProgress(queryClient, progress);
    };
    const onCompleted: ServerToClientEvents['groupbuy:completed'] = (payload) => {
      if (ours(payload.threadId)) applyGroupBuyCompleted(queryClient, threadId, payload.completedAt);
    };

    socket.on('connect', onConnect);
    socket.on('thread:reply', onReply);
    socket.on('thread:reply-removed', onReplyRemoved);
    socket.on('thread:updated', onChanged);
    socket.on('thread:deleted', onChanged);
    socket.on('groupbuy:progress', onProgress);
    socket.on('groupbuy:completed', onCompleted);
    if (socket.connected) watch();
    return () => {
      socket.emit('thread:unwatch', threadId);
      socket.off('connect', onConnect);
      socket.off('thread:reply', onReply);
      socket.off('thread:reply-removed', onReplyRemoved);
      socket.off('thread:updated', onChanged);
      socket.off('thread:deleted', onChanged);
      socket.off('groupbuy:progress', onProgress);
      socket.off('groupbuy:completed', onCompleted);
      // Unwatched, the cached thread falls behind: read it again the next time it is shown.
      for (const queryKey of [threadKey(threadId), repliesKey(threadId), groupBuyKey(threadId)]) {
        void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
      }
    };
  }, [socket, queryClient, threadId, isReadable]);
}
