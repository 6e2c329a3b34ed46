import { create } from 'zustand';

interface RecoveryCodesState {
  /** Recovery codes the server just answered with, shown this once; null when none wait to be shown. */
  codes: readonly string[] | null;
  show: (codes: readonly string[] | null) => void;
  close: () => void;
}

export const useRecoveryCodesStore = create<RecoveryCodesState>()((set) => ({
  codes: null,
  show: (codes) => {
    if (codes && codes.length > 0) set({ codes });
  },
  close: () => set({ codes: null }),
}));
