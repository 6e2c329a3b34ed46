import { Bell } from 'lucide-react';
import { loadOnIntent, useOnIntent } from '../components/on-intent.ts';
import { useNotifications } from './notification-queries.ts';
import * as styles from './notifications.css.ts';

const notificationPanel = loadOnIntent(() => import('./notification-panel.tsx'));

/**
 * The header's bell with the unread count. Tiny on purpose: the panel's code (react-aria's popover) loads when the
 * member reaches for it (components/on-intent.ts).
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
  const { module, intent, standInProps } = useOnIntent(notificationPanel);
  return module ? (
    <module.NotificationPanel label={label} intent={intent}>
      {face}
    </module.NotificationPanel>
  ) : (
    <button type="button" className={styles.bell} aria-label={label} {...standInProps}>
      {face}
    </button>
  );
}
