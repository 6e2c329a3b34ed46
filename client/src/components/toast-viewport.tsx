import { TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD } from '@enclave/protocol';
import { X } from 'lucide-react';
import { type PointerEvent, useEffect, useEffectEvent, useRef, useState } from 'react';
import { type Toast, useToastStore } from '../stores/toast-store.ts';
import * as styles from './toast-viewport.css.ts';

/** The toasts' region; the spec's hotkey moves focus to it. */
export function ToastViewport() {
  const toasts = useToastStore((state) => state.toasts);
  const viewport = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY) viewport.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <section aria-label={`Notifications (${TOAST_HOTKEY})`}>
      <div className={styles.viewport} tabIndex={-1} ref={viewport}>
        {toasts
          .filter((toast) => toast.open)
          .map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
      </div>
    </section>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useToastStore((state) => state.dismiss);
  const swipe = useSwipeToDismiss(() => dismiss(toast.id));
  const pause = useAutoDismiss(toast, () => dismiss(toast.id));

  return (
    <div
      className={`${styles.toast[toast.variant]} ${swipe.isDragging ? '' : styles.settling}`}
      role={toast.variant === 'destructive' ? 'alert' : 'status'}
      aria-atomic="true"
      style={{ transform: swipe.x ? `translateX(${swipe.x}px)` : undefined }}
      {...swipe.handlers}
      {...pause}
    >
      {toast.title && <div className={styles.title}>{toast.title}</div>}
      {toast.description && <div className={styles.description}>{toast.description}</div>}
      {toast.action && (
        <button
          type="button"
          className={styles.action}
          onClick={() => {
            toast.action?.onPress();
            dismiss(toast.id);
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button type="button" className={styles.close} aria-label="Close" onClick={() => dismiss(toast.id)}>
        <X size={16} aria-hidden />
      </button>
    </div>
  );
}

/** Closes the toast after its duration; the clock stops while the pointer or focus is on it. */
function useAutoDismiss(toast: Toast, onDone: () => void) {
  const [isPaused, setPaused] = useState(false);
  const remaining = useRef(toast.duration);
  const done = useEffectEvent(onDone);

  useEffect(() => {
    if (isPaused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => done(), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [isPaused]);

  return {
    onPointerEnter: () => setPaused(true),
    onPointerLeave: () => setPaused(false),
    onFocus: () => setPaused(true),
    onBlur: () => setPaused(false),
  };
}

/** Spec 000 §9: a swipe to the right of at least the threshold dismisses; a shorter one springs back. */
function useSwipeToDismiss(onDismiss: () => void) {
  const [start, setStart] = useState<number | null>(null);
  const [x, setX] = useState(0);

  const reset = () => {
    setStart(null);
    setX(0);
  };

  return {
    x,
    isDragging: start !== null,
    handlers: {
      onPointerDown: (event: PointerEvent<HTMLElement>) => setStart(event.clientX),
      onPointerMove: (event: PointerEvent<HTMLElement>) => {
        if (start === null) return;
        const distance = Math.max(0, event.clientX - start);
        // Capture only once the pointer moves, so a plain click still reaches the close button.
        if (distance > 0 && !event.currentTarget.hasPointerCapture?.(event.pointerId)) {
          event.currentTarget.setPointerCapture?.(event.pointerId);
        }
        setX(distance);
      },
      onPointerUp: (event: PointerEvent<HTMLElement>) => {
        if (start === null) return;
        reset();
        if (event.clientX - start >= TOAST_SWIPE_THRESHOLD) onDismiss();
      },
      onPointerCancel: reset,
    },
  };
}
