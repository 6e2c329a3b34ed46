import { api, type CurrentUser, TOASTS } from '@enclave/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, getOrNull } from '../api/client.ts';
import { toast } from '../stores/toast-store.ts';

export const SESSION_QUERY_KEY = [api.user.url] as const;

/** The signed-in member, or null for a visitor (the server answers 401). */
export function useSession() {
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => getOrNull(api.user, { signal }),
  });
  return { user: query.data ?? null, isLoading: query.isLoading };
}

export function isStaff(user: CurrentUser | null): boolean {
  return Boolean(user && (user.isAdmin || user.isModerator));
}

/** Spec 000 §4: logging out clears the cached user. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.logout, { errorTitle: 'Logout failed' }),
    onSuccess: () => {
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
      toast(TOASTS.loggedOut);
    },
  });
}
