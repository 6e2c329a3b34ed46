import { create } from 'zustand';

/**
 * Where the compose dialog was opened: the messages page asks for a full username (at least 3 characters),
 * the thread page only for a non-empty one (spec 001 §5).
 */
export type ComposeOrigin = 'messages' | 'thread';

interface ComposeState {
  /** Spec 000 §3: the compose-message dialog's open flag and target username. */
  isOpen: boolean;
  targetUsername: string;
  origin: ComposeOrigin;
  open: (targetUsername: string, origin: ComposeOrigin) => void;
  close: () => void;
}

export const useComposeStore = create<ComposeState>()((set) => ({
  isOpen: false,
  targetUsername: '',
  origin: 'thread',
  open: (targetUsername, origin) => set({ isOpen: true, targetUsername, origin }),
  close: () => set({ isOpen: false }),
}));

/**
 * Opens the new private message dialog addressed to `username` (the thread page's Send Message link, or the
 * messages page's New Message and Reply with origin 'messages'). The dialog is mounted once, in the app shell.
 */
export function openCompose(username: string, origin: ComposeOrigin = 'thread') {
  useComposeStore.getState().open(username, origin);
}

export function closeCompose() {
  useComposeStore.getState().close();
}
