import { useUnreadMessageCount } from '../messages/message-queries.ts';
import { visuallyHidden } from '../styles/utilities.css.ts';
import * as styles from './nav-badge.css.ts';

export type NavBadgeKind = 'unreadMessages';

const countOf: Record<NavBadgeKind, () => number> = { unreadMessages: useUnreadMessageCount };
const label: Record<NavBadgeKind, string> = { unreadMessages: 'unread' };

/** A live count on a navigation entry: after the label, at the end of a menu row, or on the icon's corner. */
export function NavBadge({ kind, placement }: { kind: NavBadgeKind; placement: keyof typeof styles.badge }) {
  const count = countOf[kind]();
  if (count === 0) return null;
  return (
    <span className={styles.badge[placement]}>
      {count > 99 ? '99+' : count}
      <span className={visuallyHidden}> {label[kind]}</span>
    </span>
  );
}
