import { create } from 'zustand';

interface CreateThreadState {
  isOpen: boolean;
  /** The category the dialog preselects: the page it was opened from, if any. */
  categoryId: number | null;
  open: (categoryId: number | null) => void;
  close: () => void;
}

export const useCreateThreadStore = create<CreateThreadState>()((set) => ({
  isOpen: false,
  categoryId: null,
  open: (categoryId) => set({ isOpen: true, categoryId }),
  close: () => set({ isOpen: false }),
}));

/** Opens the Create New Thread dialog, which the app shell mounts once. */
export function openCreateThread(categoryId: number | null = null) {
  useCreateThreadStore.getState().open(categoryId);
}

export function closeCreateThread() {
  useCreateThreadStore.getState().close();
}
