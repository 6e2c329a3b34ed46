import { AUTH_TOASTS, api, type CurrentUser, TIMINGS, TOASTS } from '@enclave/protocol';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { call, getOrNull } from '../api/client.ts';
import { usePendingVerification } from '../stores/pending-verification-store.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { type ToastInput, toast } from '../stores/toast-store.ts';

export const SESSION_QUERY_KEY = [api.user.url] as const;

/** Mutations that end or replace this tab's session: its own 'session:revoked' event is no news to it. */
export const SESSION_ENDING_KEY = ['session-ending'] as const;

function awaitsVerification(user: CurrentUser | null | undefined): boolean {
  return Boolean(user && !user.isEmailVerified);
}

/** The signed-in member, or null for a visitor (the server answers 401). */
export const sessionQuery = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: ({ signal }) => getOrNull(api.user, { signal }),
});

export function useSession() {
  const query = useQuery({
    ...sessionQuery,
    // Spec 000 §4: while the email awaits verification, it may be verified in another tab or on another device.
    refetchInterval: (query) => (awaitsVerification(query.state.data) ? TIMINGS.userRefreshWhileVerifying : false),
    refetchOnWindowFocus: (query) => awaitsVerification(query.state.data),
  });
  return { user: query.data ?? null, isLoading: query.isLoading };
}

/** Staff may open the console; the server says so in the member's abilities. */
export function isStaff(user: CurrentUser | null): boolean {
  return Boolean(user?.abilities.canModerate);
}

/**
 * Spec 000 §4: signing out clears the cached user. The member's other cached data goes too, the pending
 * registration is forgotten, `notice` is toasted, and the tab moves to /auth after `delayMs`.
 */
export function endSession(
  queryClient: QueryClient,
  notice: ToastInput,
  goToAuth: () => Promise<void> | void,
  delayMs: number,
) {
  useSessionStore.getState().setLeaving(true);
  usePendingVerification.getState().clear();
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
  void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
  toast(notice);
  setTimeout(async () => {
    try {
      await goToAuth();
    } finally {
      useSessionStore.getState().setLeaving(false);
    }
  }, delayMs);
}

/** Spec 000 §4: logout clears the cached user, says 'Logged out' and goes to /auth after 500 ms. */
export function useLogout() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationKey: [...SESSION_ENDING_KEY, 'logout'],
    mutationFn: () => call(api.logout, { errorTitle: AUTH_TOASTS.logoutFailed }),
    onSuccess: () =>
      endSession(queryClient, TOASTS.loggedOut, () => router.navigate({ to: '/auth' }), TIMINGS.logoutRedirect),
  });
}
