import type { CurrentUser } from '@enclave/protocol';
import { TIMINGS } from '@enclave/protocol';
import { PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { type ReactNode, useEffect, useId } from 'react';
import { Dialog, Heading, Modal, ModalOverlay, Tooltip, TooltipTrigger } from 'react-aria-components';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '../components/button.tsx';
import { RouterLink } from '../components/router-link.tsx';
import { useSession } from '../session/use-session.ts';
import { useUiStore } from '../stores/ui-store.ts';
import { media } from '../styles/media.ts';
import { visuallyHidden } from '../styles/utilities.css.ts';
import { NavBadge } from './nav-badge.tsx';
import { activeOptionsFor, type NavEntry, SIDE_MENU_GROUPS, visibleEntries } from './nav-items.ts';
import * as styles from './side-menu.css.ts';

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
  const state = isOpen ? 'open' : 'closing';
  const ToggleIcon = isExpanded ? PanelLeftClose : PanelLeftOpen;

  return (
    <>
      <aside className={styles.desktop} data-compact={!isExpanded || undefined} aria-label="Side menu">
        <MenuGroups user={user} isCompact={!isExpanded} />
        <Hint label={isExpanded ? 'Collapse menu' : 'Expand menu'} isEnabled={!isExpanded}>
          <Button
            variant="ghost"
            size="icon"
            className={isExpanded ? styles.collapseToggle : styles.compactToggle}
            aria-label={isExpanded ? 'Collapse menu' : 'Expand menu'}
            onPress={toggleExpanded}
          >
            <ToggleIcon size={20} aria-hidden />
          </Button>
        </Hint>
      </aside>
      <ModalOverlay
        isOpen={isVisible}
        onOpenChange={(open) => open || closeSidebar()}
        isDismissable
        className={styles.backdrop[state]}
      >
        <Modal className={styles.drawer[state]}>
          <Dialog className={styles.dialog}>
            <div className={styles.drawerHeader}>
              <Heading slot="title" className={styles.drawerTitle}>
                Menu
              </Heading>
              <Button variant="ghost" size="icon" aria-label="Close menu" onPress={closeSidebar}>
                <X size={20} aria-hidden />
              </Button>
            </div>
            <MenuGroups user={user} isCompact={false} onNavigate={closeSidebar} />
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}

function MenuGroups({
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
  return (
    <Hint label={entry.label} isEnabled={isCompact}>
      <RouterLink
        to={entry.to}
        activeOptions={activeOptionsFor(entry.to)}
        className={isCompact ? styles.compactLink : styles.link}
        onClick={onNavigate}
      >
        <Icon className={styles.linkIcon} size={20} aria-hidden />
        <span className={isCompact ? visuallyHidden : undefined}>{entry.label}</span>
        {entry.badge && <NavBadge kind={entry.badge} placement={isCompact ? 'corner' : 'end'} />}
      </RouterLink>
    </Hint>
  );
}

/** The label of an icon-only control, shown beside it after the spec's delay. */
function Hint({ label, isEnabled, children }: { label: string; isEnabled: boolean; children: ReactNode }) {
  return (
    <TooltipTrigger delay={TIMINGS.menuTooltipDelay} isDisabled={!isEnabled}>
      {children}
      <Tooltip placement="right" offset={8} className={styles.tooltip}>
        {label}
      </Tooltip>
    </TooltipTrigger>
  );
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
