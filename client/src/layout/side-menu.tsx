import type { CurrentUser } from '@enclave/protocol';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { lazy, useEffect, useId, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '../components/button.tsx';
import { OnDemand } from '../components/on-demand.tsx';
import { loadOnIntent } from '../components/on-intent.ts';
import { RouterLink } from '../components/router-link.tsx';
import { useSession } from '../session/use-session.ts';
import { useUiStore } from '../stores/ui-store.ts';
import { media } from '../styles/media.ts';
import { visuallyHidden } from '../styles/utilities.css.ts';
import { afterFirstScreen } from './first-screen.ts';
import { NavBadge } from './nav-badge.tsx';
import { activeOptionsFor, type NavEntry, SIDE_MENU_GROUPS, visibleEntries } from './nav-items.ts';
import * as styles from './side-menu.css.ts';

const SideMenuDrawer = lazy(() =>
  import('./side-menu-drawer.tsx').then((module) => ({ default: module.SideMenuDrawer })),
);

/** Spec 000 §2: a sticky, collapsible menu on desktop and a slide-in drawer on smaller screens. */
export function SideMenu() {
  const { user } = useSession();
  const { isOpen, isVisible, isExpanded, closeSidebar, toggleExpanded } = useUiStore(
    useShallow((state) => ({
      isOpen: state.isSidebarOpen,
      isVisible: state.isSidebarVisible,
      isExpanded: state.isSidebarExpanded,
      closeSidebar: state.closeSidebar,
      toggleExpanded: state.toggleSidebarExpanded,
    })),
  );
  useCloseOnDesktop(closeSidebar);
  const ToggleIcon = isExpanded ? PanelLeftClose : PanelLeftOpen;

  return (
    <>
      <div className={styles.column}>
        <aside className={styles.desktop} data-compact={!isExpanded || undefined} aria-label="Side menu">
          <MenuGroups user={user} isCompact={!isExpanded} />
          <Button
            variant="ghost"
            size="icon"
            className={isExpanded ? styles.collapseToggle : styles.compactToggle}
            aria-label={isExpanded ? 'Collapse menu' : 'Expand menu'}
            onPress={toggleExpanded}
          >
            <ToggleIcon size={20} aria-hidden />
          </Button>
        </aside>
      </div>
      <OnDemand isOpen={isVisible}>
        <SideMenuDrawer user={user} isOpen={isOpen} isVisible={isVisible} onClose={closeSidebar} />
      </OnDemand>
    </>
  );
}

export function MenuGroups({
  user,
  isCompact,
  onNavigate,
}: {
  user: CurrentUser | null;
  isCompact: boolean;
  onNavigate?: () => void;
}) {
  const idPrefix = useId();
  return (
    <nav className={styles.groups} aria-label="Menu">
      {SIDE_MENU_GROUPS.map((group) => {
        const titleId = `${idPrefix}-${group.title}`;
        return (
          <div key={group.title} className={styles.group}>
            <span id={titleId} className={isCompact ? visuallyHidden : styles.groupTitle}>
              {group.title}
            </span>
            <ul className={styles.list} aria-labelledby={titleId}>
              {visibleEntries(group.entries, user).map((entry) => (
                <li key={entry.to}>
                  <MenuLink entry={entry} isCompact={isCompact} onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

function MenuLink({ entry, isCompact, onNavigate }: { entry: NavEntry; isCompact: boolean; onNavigate?: () => void }) {
  const Icon = entry.icon;
  const tooltip = useMenuTooltip(isCompact);
  // Whether the pointer is over the plain entry while the tooltip's code is on its way: the trigger that takes the
  // entry's place then opens all the same (menu-tooltip.tsx).
  const isPointerOver = useRef(false);
  // An entry of the collapsed menu shows only its icon, and its label as a tooltip.
  const withTooltip = isCompact && tooltip !== undefined;
  const Link = withTooltip ? tooltip.TooltipLink : RouterLink;
  const link = (
    <Link
      to={entry.to}
      activeOptions={activeOptionsFor(entry.to)}
      className={isCompact ? styles.compactLink : styles.link}
      onClick={onNavigate}
      onPointerEnter={() => {
        isPointerOver.current = true;
      }}
      onPointerLeave={() => {
        isPointerOver.current = false;
      }}
    >
      <Icon className={styles.linkIcon} size={20} aria-hidden />
      <span className={isCompact ? visuallyHidden : undefined}>{entry.label}</span>
      {entry.badge && <NavBadge kind={entry.badge} placement={isCompact ? 'corner' : 'end'} />}
    </Link>
  );
  return withTooltip ? (
    <tooltip.MenuTooltip label={entry.label} wasPointerOver={isPointerOver}>
      {link}
    </tooltip.MenuTooltip>
  ) : (
    link
  );
}

const menuTooltip = loadOnIntent(() => import('./menu-tooltip.tsx'));

/**
 * The tooltip's code, which only the collapsed menu needs: it loads as the menu collapses (once the first screen is
 * there, for a menu that starts collapsed), not on every page, nor on a phone, whose drawer never collapses. Until
 * then the entries are plain links. (A suspending lazy component would swap the entries for a fallback on collapse,
 * and an entry the pointer entered meanwhile would miss its hover.)
 */
function useMenuTooltip(isCompact: boolean) {
  const [module, setModule] = useState(menuTooltip.loaded);
  useEffect(() => {
    if (!isCompact || module) return;
    let isCurrent = true;
    const cancel = afterFirstScreen(
      () =>
        void menuTooltip.load().then(
          (loaded) => isCurrent && setModule(loaded),
          () => undefined,
        ),
    );
    return () => {
      isCurrent = false;
      cancel();
    };
  }, [isCompact, module]);
  return module;
}

/** The drawer belongs to small screens: growing the window past the breakpoint closes it (and its scroll lock). */
function useCloseOnDesktop(close: () => void) {
  useEffect(() => {
    const query = window.matchMedia(media.desktop);
    const onChange = () => query.matches && close();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [close]);
}
