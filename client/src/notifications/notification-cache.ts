import { api, type Notification, type NotificationCount, type NotificationList } from '@enclave/protocol';
import type { QueryClient } from '@tanstack/react-query';

/** The newest page of the member's notifications with their unread count: the bell and the panel read it. */
export const NOTIFICATIONS_QUERY_KEY = [api.notifications.url] as const;

/** A pushed notification joins the list (once, by id) and brings the counts it was pushed with. */
export function putNotification(
  queryClient: QueryClient,
  { notification, ...count }: { notification: Notification } & NotificationCount,
) {
  queryClient.setQueryData<NotificationList>(NOTIFICATIONS_QUERY_KEY, (list) =>
    list
      ? {
          ...list,
          ...count,
          notifications: [notification, ...list.notifications.filter((n) => n.id !== notification.id)],
        }
      : list,
  );
}

/** A read mark from any tab of the member's: it only moves forward. */
export function setReadMark(queryClient: QueryClient, count: NotificationCount) {
  queryClient.setQueryData<NotificationList>(NOTIFICATIONS_QUERY_KEY, (list) =>
    list && list.readUpTo <= count.readUpTo ? { ...list, ...count } : list,
  );
}
