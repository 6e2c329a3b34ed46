import { api, SESSIONS_TEXT, type SessionList } from '@enclave/protocol';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client.ts';
import { toast } from '../stores/toast-store.ts';

export const SESSIONS_KEY = [api.sessions.url] as const;
export const ACTIVITY_KEY = [api.activity.url] as const;

/** The member’s standing sessions (this one first), read afresh whenever the view opens (another device may have signed in). */
export function useSessions() {
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: ({ signal }) => call(api.sessions, { signal, silent: true }),
    refetchOnMount: 'always',
  });
}

const keepOnly = (keep: (id: string, current: boolean) => boolean) => (list: SessionList | undefined) =>
  list && { sessions: list.sessions.filter((session) => keep(session.id, session.current)) };

/** Ends another session of the member's: it leaves the list, and that device is signed out by the server. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.endSession, { params: { id }, errorTitle: SESSIONS_TEXT.endFailed }),
    onSuccess: (_reply, id) => {
      queryClient.setQueryData(
        SESSIONS_KEY,
        keepOnly((sessionId) => sessionId !== id),
      );
      toast({ title: SESSIONS_TEXT.ended, description: SESSIONS_TEXT.endedText });
    },
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.endOtherSessions, { errorTitle: SESSIONS_TEXT.endFailed }),
    onSuccess: ({ message }) => {
      queryClient.setQueryData(
        SESSIONS_KEY,
        keepOnly((_id, current) => current),
      );
      toast({ title: message });
    },
  });
}

/** The member's activity log, a page at a time, newest first; read afresh whenever the view opens. */
export function useActivityLog() {
  return useInfiniteQuery({
    queryKey: ACTIVITY_KEY,
    queryFn: ({ pageParam, signal }) =>
      call(api.activity, { query: pageParam ? { before: pageParam } : {}, signal, silent: true }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    refetchOnMount: 'always',
  });
}
