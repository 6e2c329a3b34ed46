import { Bell } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useFirstScreenDone } from '../layout/first-screen.ts';
import { useNotifications } from './notification-queries.ts';
import * as styles from './notifications.css.ts';

const NotificationPanel = lazy(() =>
  import('./notification-panel.tsx').then((module) => ({ default: module.NotificationPanel })),
);

/**
 * The header's bell with the unread count. Tiny on purpose: the panel's code (react-aria's popover) loads once the
 * first screen is there (layout/first-screen.ts).
 */
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
  const isFirstScreenDone = useFirstScreenDone();
  const placeholder = (
    <span className={styles.bell} role="img" aria-label={label}>
      {face}
    </span>
  );
  if (!isFirstScreenDone) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NotificationPanel label={label}>{face}</NotificationPanel>
    </Suspense>
  );
}
