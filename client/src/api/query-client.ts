import { QUERY_GC_TIME } from '@enclave/protocol';
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { request } from './client.ts';

/** Spec 000 §7: a read without its own queryFn GETs the first element of its key. */
const readKey: QueryFunction = ({ queryKey, signal }) => request('GET', String(queryKey[0]), { signal });

/** Spec 000 §7: cached data never goes stale; no retries, no focus or interval refetch. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: readKey,
        staleTime: Number.POSITIVE_INFINITY,
        gcTime: QUERY_GC_TIME,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
