import { api, LIMITS, type StatsRange } from '@enclave/protocol';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { ApiError } from '../api/api-error.ts';
import { call } from '../api/client.ts';
import {
  ADMIN_CATEGORIES_KEY,
  ADMIN_USERS_KEY,
  APPROVAL_QUEUE_KEY,
  adminStatsKey,
  MODERATION_LOG_KEY,
  RECEIVING_ADDRESSES_KEY,
  RECENT_THREADS_KEY,
  REPORT_QUEUE_KEY,
  threadSearchKey,
} from './admin-cache.ts';

const PAGE = LIMITS.pageSizeMax;
/** The users panel is the console's first screen: half a page of the largest, its answer half the size to wait for. */
const USERS_PAGE = PAGE / 2;
const LOG_PAGE = 25;

/** Spec 001 §6: a 401 or 403 on the staff thread lists reads as an empty list, not an error. */
export function isDenied(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/** The next page starts below the last id shown; a short page is the last. */
const nextBelow =
  (size: number = PAGE) =>
  (page: { id: number }[]) =>
    page.length === size ? page.at(-1)?.id : undefined;

/**
 * Spec 001 §7: list fetch failures in the admin tables give an empty list, so these reads never toast. The users
 * panel is the console's first screen: its route loader asks for this too (router.tsx).
 */
export const adminUsersQuery = infiniteQueryOptions({
  queryKey: ADMIN_USERS_KEY,
  queryFn: ({ pageParam, signal }) =>
    call(api.adminUsers, { query: { limit: USERS_PAGE, before: pageParam }, signal, silent: true }),
  initialPageParam: undefined as number | undefined,
  getNextPageParam: nextBelow(USERS_PAGE),
});

export function useAdminUsers() {
  return useInfiniteQuery(adminUsersQuery);
}

export function useRecentThreads() {
  return useQuery({
    queryKey: RECENT_THREADS_KEY,
    queryFn: ({ signal }) => call(api.adminThreads, { signal, silent: true }),
  });
}

/** The server narrows by title, content or tags; the moderation tab keeps the title and content matches. */
export function useThreadSearch(search: string) {
  return useInfiniteQuery({
    queryKey: threadSearchKey(search),
    queryFn: ({ pageParam, signal }) =>
      call(api.adminThreads, {
        query: { q: search || undefined, limit: PAGE, before: pageParam },
        signal,
        silent: true,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: nextBelow(),
    placeholderData: keepPreviousData,
  });
}

export function useApprovalQueue() {
  return useQuery({
    queryKey: APPROVAL_QUEUE_KEY,
    queryFn: ({ signal }) => call(api.unapprovedThreads, { signal, silent: true }),
  });
}

export function useReportQueue() {
  return useQuery({
    queryKey: REPORT_QUEUE_KEY,
    queryFn: ({ signal }) => call(api.reports, { signal, silent: true }),
  });
}

/** The stat cards above every panel; the route loader asks for the default range's (router.tsx). */
export const adminStatsQuery = (range: StatsRange) =>
  queryOptions({
    queryKey: adminStatsKey(range),
    queryFn: ({ signal }) => call(api.adminStats, { query: { range }, signal, silent: true }),
  });

export function useAdminStats(range: StatsRange) {
  return useQuery({ ...adminStatsQuery(range), placeholderData: keepPreviousData });
}

export function useAdminCategories() {
  return useQuery({
    queryKey: ADMIN_CATEGORIES_KEY,
    queryFn: ({ signal }) => call(api.adminCategories, { signal, silent: true }),
  });
}

export function useReceivingAddresses() {
  return useQuery({
    queryKey: RECEIVING_ADDRESSES_KEY,
    queryFn: ({ signal }) => call(api.cryptoWallets, { signal, silent: true }),
  });
}

export function useModerationLog() {
  return useInfiniteQuery({
    queryKey: MODERATION_LOG_KEY,
    queryFn: ({ pageParam, signal }) =>
      call(api.moderationLog, { query: { limit: LOG_PAGE, before: pageParam }, signal, silent: true }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: nextBelow(LOG_PAGE),
    // Every console action adds to the log: show it as it is now whenever it is opened.
    refetchOnMount: 'always',
  });
}
