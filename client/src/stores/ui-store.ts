import { TIMINGS } from '@enclave/protocol';
import { create } from 'zustand';
import { media } from '../styles/media.ts';

/** localStorage key of the desktop menu's expanded state: 'true' or 'false' (spec 000 §3). */
export const SIDEBAR_EXPANDED_KEY = 'sidebarExpanded';

interface UiState {
  /** Mobile drawer requested open. */
  isSidebarOpen: boolean;
  /** Mobile drawer rendered: stays true while the closing animation plays. */
  isSidebarVisible: boolean;
  /** Desktop menu shows labels, not only icons. */
  isSidebarExpanded: boolean;
  openSidebar: () => void;
  closeSidebar: () => void;
  toggleSidebarExpanded: () => void;
}

let hideTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Where the desktop menu shows (layout/side-menu.css.ts). Elsewhere its state is read from localStorage only once
 * the window grows to it: a page's first use of localStorage is a synchronous round trip to the browser, which
 * Lighthouse's traces showed taking 10 to 80 ms of a phone's start-up (issue #14).
 */
const desktop = typeof matchMedia === 'function' ? matchMedia(media.desktop) : undefined;

function readExpanded(): boolean {
  try {
    return localStorage.getItem(SIDEBAR_EXPANDED_KEY) !== 'false';
  } catch {
    return true;
  }
}

function writeExpanded(expanded: boolean) {
  try {
    localStorage.setItem(SIDEBAR_EXPANDED_KEY, String(expanded));
  } catch {
    // Storage can be disabled (private mode, policy); the state then lasts for this visit only.
  }
}

export const useUiStore = create<UiState>()((set, get) => ({
  isSidebarOpen: false,
  isSidebarVisible: false,
  isSidebarExpanded: !desktop || desktop.matches ? readExpanded() : true,
  openSidebar: () => {
    clearTimeout(hideTimer);
    set({ isSidebarOpen: true, isSidebarVisible: true });
  },
  closeSidebar: () => {
    if (!get().isSidebarOpen) return;
    set({ isSidebarOpen: false });
    clearTimeout(hideTimer);
    hideTimer = setTimeout(() => {
      set({ isSidebarVisible: false });
    }, TIMINGS.sidebarCloseVisibility);
  },
  toggleSidebarExpanded: () => {
    const expanded = !get().isSidebarExpanded;
    writeExpanded(expanded);
    set({ isSidebarExpanded: expanded });
  },
}));

desktop?.addEventListener('change', (event) => {
  if (event.matches) useUiStore.setState({ isSidebarExpanded: readExpanded() });
});
