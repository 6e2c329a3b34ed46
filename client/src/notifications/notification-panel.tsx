import { type Notification, notificationLink, notificationText } from '@enclave/protocol';
import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import type { Intent } from '../components/on-intent.ts';
import { timeAgo } from '../components/time-ago.ts';
import { useMarkNotificationsRead, useNotifications } from './notification-queries.ts';
import * as styles from './notifications.css.ts';

/** The bell's button and its panel: the newest notifications first, each a link to its thing. */
export function NotificationPanel({
  label,
  intent,
  children,
}: {
  label: string;
  /** What the member did to the stand-in before this loaded (components/on-intent.ts). */
  intent: Intent;
  children: ReactNode;
}) {
  const list = useNotifications();
  const markRead = useMarkNotificationsRead();
  const newest = list?.notifications[0]?.id ?? 0;
  const readUpTo = list?.readUpTo ?? 0;
  const navigate = useNavigate();
  // A real link (open in a new tab works); a plain click reads it up to here and navigates in the app.
  const open = (event: MouseEvent, notification: Notification, close: () => void) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    if (notification.id > readUpTo) markRead.mutate(notification.id);
    close();
    void navigate({ href: notificationLink(notification) });
  };

  return (
    <DialogTrigger defaultOpen={intent.isPressed}>
      <Button className={styles.bell} aria-label={label} autoFocus={intent.hasFocus}>
        {children}
      </Button>
      <Popover className={styles.popover} placement="bottom end">
        <Dialog className={styles.panel} aria-label="Notifications">
          {({ close }) => (
            <>
              <div className={styles.panelHeader}>
                <Heading slot="title" className={styles.title}>
                  Notifications
                </Heading>
                <Button
                  className={styles.markAll}
                  isDisabled={!list || list.unreadCount === 0}
                  onPress={() => markRead.mutate(newest)}
                >
                  Mark all read
                </Button>
              </div>
              {list && list.notifications.length === 0 ? (
                <p className={styles.empty}>Nothing yet. Replies, shares and payments will show here.</p>
              ) : (
                <ul className={styles.list}>
                  {list?.notifications.map((notification) => (
                    <li key={notification.id}>
                      <a
                        href={notificationLink(notification)}
                        className={styles.item}
                        data-unread={notification.id > readUpTo || undefined}
                        onClick={(event) => open(event, notification, close)}
                      >
                        <span className={styles.text}>{notificationText(notification)}</span>
                        <span className={styles.time}>{timeAgo(notification.createdAt)}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
