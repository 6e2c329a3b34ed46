import { api, type NotificationList } from '@enclave/protocol';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client.ts';
import { useSession } from '../session/use-session.ts';
import { NOTIFICATIONS_QUERY_KEY, setReadMark } from './notification-cache.ts';

/** The member's newest notifications and unread count (the bell's); the root loader asks for it early. */
export const notificationsQuery = queryOptions({
  queryKey: NOTIFICATIONS_QUERY_KEY,
  queryFn: ({ signal }) => call(api.notifications, { signal, silent: true, query: {} }),
});

/** The member's newest notifications and unread count; asked only for a verified member. */
export function useNotifications(): NotificationList | undefined {
  const { user } = useSession();
  const query = useQuery({ ...notificationsQuery, enabled: Boolean(user?.isEmailVerified) });
  return user?.isEmailVerified ? query.data : undefined;
}

/** Marks read up to a notification; the answer (and the push to the other tabs) moves the mark. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: number) => call(api.markNotificationsRead, { body: { upTo } }),
    onSuccess: (count) => setReadMark(queryClient, count),
  });
}
