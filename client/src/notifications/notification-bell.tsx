import { Bell } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useNotifications } from './notification-queries.ts';
import * as styles from './notifications.css.ts';

const NotificationPanel = lazy(() =>
  import('./notification-panel.tsx').then((module) => ({ default: module.NotificationPanel })),
);

/** The header's bell with the unread count. Tiny on purpose: the panel's code loads after the first render. */
export function NotificationBell() {
  const unread = useNotifications()?.unreadCount ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  const face = (
    <>
      <Bell size={20} aria-hidden />
      {unread > 0 && (
        <span className={styles.count} data-testid="notification-count">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </>
  );
  return (
    <Suspense
      fallback={
        <span className={styles.bell} role="img" aria-label={label}>
          {face}
        </span>
      }
    >
      <NotificationPanel label={label}>{face}</NotificationPanel>
    </Suspense>
  );
}
