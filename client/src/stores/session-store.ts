import { create } from 'zustand';

interface SessionState {
  /** This tab signed out and is on its way to /auth: gates must not hard-redirect meanwhile (the toast would be lost). */
  isLeaving: boolean;
  /** Counts the fresh session cookies the server issued this tab (a password change), so the socket signs in again. */
  renewals: number;
  setLeaving: (isLeaving: boolean) => void;
  renew: () => void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  isLeaving: false,
  renewals: 0,
  setLeaving: (isLeaving) => set({ isLeaving }),
  renew: () => set((state) => ({ renewals: state.renewals + 1 })),
}));
