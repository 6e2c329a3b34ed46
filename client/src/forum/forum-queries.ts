import { api, LIMITS, type Thread, type ThreadsQuery } from '@enclave/protocol';
import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { call } from '../api/client.ts';
import { memberQuery } from '../members/member-queries.ts';

/** Every thread list shares this first key element, so one invalidation refreshes them all. */
export const THREADS_QUERY_KEY = [api.threads.url] as const;
export const CATEGORIES_QUERY_KEY = [api.categories.url] as const;

export const threadsQuery = (query: ThreadsQuery) =>
  queryOptions({
    queryKey: [...THREADS_QUERY_KEY, query],
    queryFn: ({ signal }) => call(api.threads, { query, signal, silent: true }),
  });

export const categoriesQuery = queryOptions({
  queryKey: CATEGORIES_QUERY_KEY,
  queryFn: ({ signal }) => call(api.categories, { signal, silent: true }),
});

/** A list the page narrows as the member types: the previous answer stays on screen until the next arrives. */
export function useThreads(query: ThreadsQuery) {
  return useQuery({ ...threadsQuery(query), placeholderData: keepPreviousData });
}

/** Newest first, a page at a time; the next page starts below the last id shown. */
export const threadPagesQuery = (query: Omit<ThreadsQuery, 'before' | 'limit'>) => {
  const limit = LIMITS.threadPageSizeDefault;
  return infiniteQueryOptions({
    queryKey: [...THREADS_QUERY_KEY, query, 'pages'],
    queryFn: ({ pageParam, signal }) =>
      call(api.threads, { query: { ...query, limit, before: pageParam }, signal, silent: true }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.length === limit ? page.at(-1)?.id : undefined),
  });
};

export function useThreadPages(query: Omit<ThreadsQuery, 'before' | 'limit'>) {
  return useInfiniteQuery(threadPagesQuery(query));
}

export function useCategories() {
  return useQuery(categoriesQuery);
}

export const categoryQuery = (id: number) =>
  queryOptions({
    queryKey: [api.category.url, id],
    queryFn: ({ signal }) => call(api.category, { params: { id }, signal, silent: true }),
  });

export function useCategory(id: number, options: { enabled: boolean }) {
  return useQuery({ ...categoryQuery(id), enabled: options.enabled });
}

/**
 * Spec 000 §7: each card fetches its thread's author; a failure gives no author (and no toast). `enabled` false
 * waits (the card asks once the browser is idle: useIdleTurn).
 */
export function useAuthor(authorId: number, enabled = true) {
  return useQuery({ ...memberQuery(authorId), enabled });
}

/** After a thread is created: the lists and the category counts change. */
export function refreshForumLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: THREADS_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: CATEGORIES_QUERY_KEY });
}

/** A thread as every cached list shows it (the plain lists and the paged ones), changed in place. */
export function updateListedThread(queryClient: QueryClient, threadId: number, update: (thread: Thread) => Thread) {
  const inList = (threads: Thread[]) => threads.map((thread) => (thread.id === threadId ? update(thread) : thread));
  queryClient.setQueriesData<Thread[] | InfiniteData<Thread[]>>({ queryKey: THREADS_QUERY_KEY }, (data) => {
    if (!data) return data;
    return Array.isArray(data) ? inList(data) : { ...data, pages: data.pages.map(inList) };
  });
}
