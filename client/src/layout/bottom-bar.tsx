import { RouterLink } from '../components/router-link.tsx';
import { useSession } from '../session/use-session.ts';
import * as styles from './bottom-bar.css.ts';
import { NavBadge } from './nav-badge.tsx';
import { activeOptionsFor, BOTTOM_BAR_ENTRIES, visibleEntries } from './nav-items.ts';

/** Spec 000 §2: the mobile tab bar. */
export function BottomBar() {
  const { user } = useSession();
  return (
    <nav className={styles.bar} aria-label="Quick navigation">
      <ul className={styles.list}>
        {visibleEntries(BOTTOM_BAR_ENTRIES, user).map(({ to, label, icon: Icon, badge }) => (
          <li key={to} className={styles.item}>
            <RouterLink to={to} activeOptions={activeOptionsFor(to)} className={styles.link}>
              <Icon size={20} aria-hidden />
              {label}
              {badge && <NavBadge kind={badge} placement="corner" />}
            </RouterLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
