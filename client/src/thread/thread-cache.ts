import {
  type GroupBuyEnded,
  type GroupBuyProgress,
  type GroupBuyStatus,
  LIMITS,
  type Post,
  type Thread,
} from '@enclave/protocol';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { groupBuyKey, repliesKey, threadKey } from './thread-queries.ts';

type Replies = InfiniteData<Post[], number>;

/** Every change to a cached thread goes through here, fetched, answered or pushed alike. */
export function updateThread(queryClient: QueryClient, id: number, update: (thread: Thread) => Thread) {
  queryClient.setQueryData<Thread>(threadKey(id), (thread) => thread && update(thread));
}

/**
 * A reply answered or pushed: the posting tab gets its own reply twice, so replies merge by id. A reply
 * newer than the loaded pages waits for Load more, so the list never skips one.
 */
export function putReply(queryClient: QueryClient, threadId: number, post: Post) {
  let added = false;
  queryClient.setQueryData<Replies>(repliesKey(threadId), (replies) => {
    if (!replies || replies.pages.some((page) => page.some((reply) => reply.id === post.id))) return replies;
    const last = replies.pages.length - 1;
    if ((replies.pages[last]?.length ?? 0) >= LIMITS.pageSizeMax) return replies;
    added = true;
    return { ...replies, pages: replies.pages.map((page, index) => (index === last ? [...page, post] : page)) };
  });
  if (added) updateThread(queryClient, threadId, (thread) => ({ ...thread, replyCount: thread.replyCount + 1 }));
}

export function removeReply(queryClient: QueryClient, threadId: number, postId: number) {
  let removed = false;
  queryClient.setQueryData<Replies>(repliesKey(threadId), (replies) => {
    if (!replies) return replies;
    const pages = replies.pages.map((page) => page.filter((reply) => reply.id !== postId));
    removed = pages.some((page, index) => page.length !== replies.pages[index]?.length);
    return { ...replies, pages };
  });
  if (removed) {
    updateThread(queryClient, threadId, (thread) => ({ ...thread, replyCount: Math.max(0, thread.replyCount - 1) }));
  }
}

/** A thread with a group buy's progress step; steps can arrive out of order: the highest count is the latest. */
export const withProgress = (thread: Thread, progress: GroupBuyProgress): Thread =>
  progress.current >= thread.groupBuyCurrentParticipants
    ? {
        ...thread,
        groupBuyCurrentParticipants: progress.current,
        groupBuyParticipantsRequired: progress.required,
        isGroupBuyCompleted: thread.isGroupBuyCompleted || progress.isCompleted,
        groupBuyStatus: progress.isCompleted ? 'completed' : thread.groupBuyStatus,
      }
    : thread;

export const withCompletion = (thread: Thread, completedAt: string): Thread => ({
  ...thread,
  isGroupBuyCompleted: true,
  groupBuyCompletedAt: completedAt,
  groupBuyStatus: 'completed',
});

/** Progress steps can arrive out of order: the highest count is the latest. */
export function applyGroupBuyProgress(queryClient: QueryClient, progress: GroupBuyProgress) {
  queryClient.setQueryData<GroupBuyStatus>(groupBuyKey(progress.threadId), (status) =>
    status && progress.current >= status.current
      ? {
          ...status,
          current: progress.current,
          required: progress.required,
          isCompleted: status.isCompleted || progress.isCompleted,
          status: progress.isCompleted ? 'completed' : status.status,
        }
      : status,
  );
  updateThread(queryClient, progress.threadId, (thread) => withProgress(thread, progress));
}

/** The push carries no content: the status is read again, and carries it to a participant. */
export function applyGroupBuyCompleted(queryClient: QueryClient, threadId: number, completedAt: string) {
  queryClient.setQueryData<GroupBuyStatus>(
    groupBuyKey(threadId),
    (status) =>
      status && {
        ...status,
        status: 'completed',
        isCompleted: true,
        completedAt,
        current: Math.max(status.current, status.required),
      },
  );
  void queryClient.invalidateQueries({ queryKey: groupBuyKey(threadId) });
  updateThread(queryClient, threadId, (thread) => withCompletion(thread, completedAt));
}

/** Expired or cancelled: every contribution is back (each balance arrives on its own push). */
export function applyGroupBuyEnded(queryClient: QueryClient, { threadId, status }: GroupBuyEnded) {
  queryClient.setQueryData<GroupBuyStatus>(groupBuyKey(threadId), (current) => current && { ...current, status });
  updateThread(queryClient, threadId, (thread) => ({ ...thread, groupBuyStatus: status }));
}

/** The member's own contribution, as the contribute call answered it. */
export function applyContribution(
  queryClient: QueryClient,
  threadId: number,
  reply: { current: number; required: number; isCompleted: boolean },
) {
  queryClient.setQueryData<GroupBuyStatus>(
    groupBuyKey(threadId),
    (status) => status && { ...status, isParticipant: true },
  );
  applyGroupBuyProgress(queryClient, { threadId, ...reply });
}

/** The premium discussion is the viewer's: show it unlocked, with its content when it has one. */
export function revealDiscussion(queryClient: QueryClient, threadId: number, content: string | null) {
  updateThread(queryClient, threadId, (thread) => ({
    ...thread,
    userHasAccess: true,
    unlockableContent: content ?? thread.unlockableContent,
  }));
}

/** What the viewer could not read before a purchase or an unlock, read again. */
export function refreshThread(queryClient: QueryClient, id: number) {
  void queryClient.invalidateQueries({ queryKey: threadKey(id) });
  void queryClient.invalidateQueries({ queryKey: repliesKey(id) });
  void queryClient.invalidateQueries({ queryKey: groupBuyKey(id) });
}
