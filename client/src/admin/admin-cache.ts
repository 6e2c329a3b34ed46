import { api, type Report, type StatsRange, type Thread } from '@enclave/protocol';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

export const ADMIN_USERS_KEY = [api.adminUsers.url] as const;
/** The content table and every moderation search share this prefix. */
export const ADMIN_THREADS_KEY = [api.adminThreads.url] as const;
export const RECENT_THREADS_KEY = [api.adminThreads.url, 'recent'] as const;
export const APPROVAL_QUEUE_KEY = [api.unapprovedThreads.url] as const;
export const REPORT_QUEUE_KEY = [api.reports.url] as const;
export const ADMIN_CATEGORIES_KEY = [api.adminCategories.url] as const;
export const RECEIVING_ADDRESSES_KEY = [api.cryptoWallets.url] as const;
export const MODERATION_LOG_KEY = [api.moderationLog.url] as const;

export const adminStatsKey = (range: StatsRange) => [api.adminStats.url, range] as const;
export const threadSearchKey = (search: string) => [api.adminThreads.url, 'search', search] as const;
export const userLookupKey = (id: number) => [api.userById.url, id] as const;

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

/** A thread joined the approval queue (oldest first); pushed and fetched copies merge by id. */
export function queueThread(queryClient: QueryClient, thread: Thread) {
  queryClient.setQueryData<Thread[]>(APPROVAL_QUEUE_KEY, (queue) =>
    queue && !queue.some((item) => item.id === thread.id) ? [...queue, thread].sort(byId) : queue,
  );
}

export function unqueueThread(queryClient: QueryClient, threadId: number) {
  queryClient.setQueryData<Thread[]>(APPROVAL_QUEUE_KEY, (queue) => queue?.filter((item) => item.id !== threadId));
}

type ThreadList = Thread[] | InfiniteData<Thread[], number | undefined>;

/** The content table holds one page, a moderation search holds pages: change a thread wherever it is listed. */
function updateListedThreads(queryClient: QueryClient, change: (threads: Thread[]) => Thread[]) {
  queryClient.setQueriesData<ThreadList>({ queryKey: ADMIN_THREADS_KEY }, (list) => {
    if (!list) return list;
    return Array.isArray(list) ? change(list) : { ...list, pages: list.pages.map(change) };
  });
}

export function markApproved(queryClient: QueryClient, threadId: number) {
  unqueueThread(queryClient, threadId);
  updateListedThreads(queryClient, (threads) =>
    threads.map((thread) => (thread.id === threadId ? { ...thread, isApproved: true } : thread)),
  );
}

/** A cancelled group buy shows as cancelled in every staff list. */
export function markGroupBuyCancelled(queryClient: QueryClient, threadId: number) {
  updateListedThreads(queryClient, (threads) =>
    threads.map((thread) => (thread.id === threadId ? { ...thread, groupBuyStatus: 'cancelled' } : thread)),
  );
}

/** A deleted thread leaves every staff list at once. */
export function dropThread(queryClient: QueryClient, threadId: number) {
  unqueueThread(queryClient, threadId);
  updateListedThreads(queryClient, (threads) => threads.filter((thread) => thread.id !== threadId));
}

/** The report queue is oldest first, like the approval queue. */
export function queueReport(queryClient: QueryClient, report: Report) {
  queryClient.setQueryData<Report[]>(REPORT_QUEUE_KEY, (queue) =>
    queue && !queue.some((item) => item.id === report.id) ? [...queue, report].sort(byId) : queue,
  );
}

export function unqueueReport(queryClient: QueryClient, reportId: number) {
  queryClient.setQueryData<Report[]>(REPORT_QUEUE_KEY, (queue) => queue?.filter((item) => item.id !== reportId));
}
