import { TIMINGS } from '@enclave/protocol';
import { create } from 'zustand';

export type ToastVariant = 'default' | 'destructive';

/** A button in the toast, e.g. to open what it announces; pressing it also closes the toast. */
export interface ToastAction {
  label: string;
  onPress: () => void;
}

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
  /** What the toast reports on (a failure of 'sign-in'): a later success on the same topic clears it. */
  topic?: string;
  action?: ToastAction;
}

export interface Toast {
  id: number;
  title?: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
  action?: ToastAction;
  open: boolean;
  topic?: string;
}

interface ToastState {
  toasts: Toast[];
  show: (input: ToastInput) => number;
  dismiss: (id: number) => void;
  remove: (id: number) => void;
}

/** Spec 000 §9: one toast at a time, a new one replaces the old. */
const TOAST_LIMIT = 1;
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();
let nextId = 1;

function cancelRemoval(id: number) {
  clearTimeout(removalTimers.get(id));
  removalTimers.delete(id);
}

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show: (input) => {
    const id = nextId++;
    const toast: Toast = {
      id,
      title: input.title,
      description: input.description,
      variant: input.variant ?? 'default',
      duration: input.duration ?? TIMINGS.toastDuration,
      action: input.action,
      open: true,
      topic: input.topic,
    };
    for (const replaced of get().toasts.slice(TOAST_LIMIT - 1)) cancelRemoval(replaced.id);
    set((state) => ({ toasts: [toast, ...state.toasts].slice(0, TOAST_LIMIT) }));
    return id;
  },
  dismiss: (id) => {
    set((state) => ({ toasts: state.toasts.map((item) => (item.id === id ? { ...item, open: false } : item)) }));
    if (!removalTimers.has(id)) {
      removalTimers.set(
        id,
        setTimeout(() => get().remove(id), TIMINGS.toastRemoveDelay),
      );
    }
  },
  remove: (id) => {
    cancelRemoval(id);
    set((state) => ({ toasts: state.toasts.filter((item) => item.id !== id) }));
  },
}));

/** A success clears the failure it answers: closes the open toasts on `topic`. */
export function clearToasts(topic: string) {
  const { toasts, dismiss } = useToastStore.getState();
  for (const shown of toasts) if (shown.open && shown.topic === topic) dismiss(shown.id);
}

/** Shows a toast from anywhere (components, the api layer); returns a handle to dismiss it early. */
export function toast(input: ToastInput) {
  const id = useToastStore.getState().show(input);
  return { id, dismiss: () => useToastStore.getState().dismiss(id) };
}
