import { TIMINGS } from '@enclave/protocol';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../stores/toast-store.ts';

/**
 * Copies text to the clipboard; `copied` stays true for 2 s afterwards (spec 001 §9), a new copy restarts it. A copy
 * the browser refuses is toasted with `byHand`, which says what to select.
 */
export function useCopyFeedback(byHand = 'Select the address and copy it by hand.') {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      toast({ variant: 'destructive', title: 'Copy failed', description: byHand });
      return;
    }
    clearTimeout(timer.current);
    setCopied(true);
    timer.current = setTimeout(() => setCopied(false), TIMINGS.copiedFeedback);
  };

  return { copied, copy };
}
