import { HEADER_SHADOW_THRESHOLD } from '@enclave/protocol';
import { Menu, ShieldHalf } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button, LinkButton } from '../components/button.tsx';
import { RouterLink } from '../components/router-link.tsx';
import { NotificationBell } from '../notifications/notification-bell.tsx';
import { useSession } from '../session/use-session.ts';
import { useUiStore } from '../stores/ui-store.ts';
import { CoinBalance } from './coin-balance.tsx';
import { NavBadge } from './nav-badge.tsx';
import { activeOptionsFor, HEADER_LINKS, HOME_ENTRY, visibleEntries } from './nav-items.ts';
import * as styles from './site-header.css.ts';
import { UserMenu } from './user-menu.tsx';

export function SiteHeader({ onLogout }: { onLogout: () => void }) {
  const { user } = useSession();
  const openSidebar = useUiStore((state) => state.openSidebar);
  const isScrolled = useScrolledPast(HEADER_SHADOW_THRESHOLD);
  const links = user ? visibleEntries(HEADER_LINKS, user) : [HOME_ENTRY];

  return (
    <header className={styles.header} data-scrolled={isScrolled || undefined}>
      <div className={styles.inner}>
        <Button variant="ghost" size="icon" className={styles.menuToggle} aria-label="Open menu" onPress={openSidebar}>
          <Menu size={20} aria-hidden />
        </Button>
        <RouterLink to="/" className={styles.brand}>
          <span className={styles.brandMark} aria-hidden>
            <ShieldHalf size={18} />
          </span>
          <span className={styles.brandName}>Enclave</span>
        </RouterLink>
        <nav className={styles.nav} aria-label="Primary">
          {links.map((link) => (
            <RouterLink key={link.to} to={link.to} activeOptions={activeOptionsFor(link.to)} className={styles.navLink}>
              {link.label}
              {link.badge && <NavBadge kind={link.badge} placement="inline" />}
            </RouterLink>
          ))}
        </nav>
        <div className={styles.actions}>
          {user ? (
            <>
              <CoinBalance coins={user.coinBalance} />
              {user.isEmailVerified && <NotificationBell />}
              <UserMenu user={user} onLogout={onLogout} />
            </>
          ) : (
            <LinkButton to="/auth" size="sm">
              Login / Register
            </LinkButton>
          )}
        </div>
      </div>
    </header>
  );
}

function useScrolledPast(threshold: number) {
  const [isPast, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    // Read in the next frame, not as the page mounts: reading scrollY then forces a layout of the new page.
    const frame = requestAnimationFrame(update);
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
    };
  }, [threshold]);
  return isPast;
}
