import { TIMINGS } from '@enclave/protocol';
import { create } from 'zustand';

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
  isSidebarExpanded: readExpanded(),
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
