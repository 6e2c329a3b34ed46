import { api, LIMITS } from '@enclave/protocol';
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../api/client.ts';

export const threadKey = (id: number) => [api.thread.url, id] as const;
export const repliesKey = (id: number) => [api.posts.url, id] as const;
export const groupBuyKey = (id: number) => [api.groupBuyStatus.url, id] as const;

/** The thread page reports its own load failures (a 402 is the premium notice, not an error toast). */
export const threadQuery = (id: number) =>
  queryOptions({
    queryKey: threadKey(id),
    queryFn: ({ signal }) => call(api.thread, { params: { id }, signal, silent: true }),
  });

export function useThread(id: number, enabled = true) {
  return useQuery({ ...threadQuery(id), enabled });
}

/** Replies oldest first, a page at a time; a full page means there may be more after its last reply's number. */
export function useReplies(id: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: repliesKey(id),
    queryFn: ({ pageParam, signal }) =>
      call(api.posts, { params: { id }, query: pageParam ? { after: pageParam } : {}, signal, silent: true }),
    initialPageParam: 0,
    getNextPageParam: (page) => (page.length >= LIMITS.pageSizeMax ? page.at(-1)?.number : undefined),
    enabled,
  });
}

export function useGroupBuyStatus(id: number, enabled: boolean) {
  return useQuery({
    queryKey: groupBuyKey(id),
    queryFn: ({ signal }) => call(api.groupBuyStatus, { params: { id }, signal, silent: true }),
    enabled,
  });
}
