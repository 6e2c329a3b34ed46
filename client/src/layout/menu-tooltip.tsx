import { TIMINGS } from '@enclave/protocol';
import { createLink } from '@tanstack/react-router';
import { type ReactNode, type RefObject, useContext, useEffect, useRef } from 'react';
import {
  Link,
  setInteractionModality,
  Tooltip,
  TooltipContext,
  TooltipTrigger,
  TooltipTriggerStateContext,
} from 'react-aria-components';
import * as styles from './side-menu.css.ts';

interface MenuTooltipProps {
  label: string;
  children: ReactNode;
  /** Whether the pointer was over the entry as a plain link, before this code came. */
  wasPointerOver: RefObject<boolean>;
}

/** Spec 000 §2: a collapsed menu entry's label, shown beside its icon after the spec's delay. */
export function MenuTooltip({ label, children, wasPointerOver }: MenuTooltipProps) {
  return (
    <TooltipTrigger delay={TIMINGS.menuTooltipDelay}>
      {children}
      <Tooltip placement="right" offset={8} className={styles.tooltip}>
        {label}
      </Tooltip>
      <FirstHover wasPointerOver={wasPointerOver} />
    </TooltipTrigger>
  );
}

/** A collapsed menu entry's link: react-aria's, which the tooltip trigger drives (the menu's other links are plain). */
export const TooltipLink = createLink(Link);

/** The trigger element of the TooltipTrigger around the caller. */
function useTriggerRef() {
  return (useContext(TooltipContext) as { triggerRef?: RefObject<HTMLElement | null> } | null)?.triggerRef;
}

/**
 * The first mouse hover of an entry showed nothing (issue 23), for two reasons this mends.
 * - react-aria opens a tooltip on hover only once it knows a pointer is in use (its interaction modality), which
 *   it learns from pointer moves, listened for from the moment this code loads. The move that enters an entry is
 *   dispatched after the entering events, so an entry entered by the first move since then stayed closed. A mouse
 *   coming onto an entry says so before react-aria hears of the entering.
 * - The entries are plain links until this code arrives, then swapped for triggers. A pointer already over an entry
 *   told the plain link it entered, so react-aria's hover never hears of it. Such an entry opens after the spec's
 *   delay all the same, and closes once the pointer is elsewhere; its next hover is react-aria's own.
 */
function FirstHover({ wasPointerOver }: { wasPointerOver: RefObject<boolean> }) {
  const trigger = useTriggerRef();
  useEffect(() => {
    const element = trigger?.current;
    if (!element) return;
    // React tells an element it was entered as the browser dispatches the pointerout of the element left (before
    // the pointerover of the one entered), so both are heard here, on their way down to React's.
    const entering = (event: PointerEvent) => {
      const to = event.type === 'pointerout' ? event.relatedTarget : event.target;
      if (event.pointerType === 'mouse' && to instanceof Node && element.contains(to))
        setInteractionModality('pointer');
    };
    for (const type of ['pointerout', 'pointerover'] as const) document.addEventListener(type, entering, true);
    return () => {
      for (const type of ['pointerout', 'pointerover'] as const) document.removeEventListener(type, entering, true);
    };
  }, [trigger]);
  useCarriedHover(trigger, wasPointerOver);
  return null;
}

/** Opens the tooltip of an entry the pointer was over before it became a trigger (see FirstHover). */
function useCarriedHover(trigger: RefObject<HTMLElement | null> | undefined, wasPointerOver: RefObject<boolean>) {
  const state = useContext(TooltipTriggerStateContext);
  const latest = useRef(state);
  latest.current = state;
  // The trigger's ref is the entry's own for good: this runs once, as the entry becomes a trigger.
  useEffect(() => {
    const element = trigger?.current;
    if (!element || !(wasPointerOver.current || element.matches(':hover'))) return;
    const opening = setTimeout(() => latest.current?.open(true), TIMINGS.menuTooltipDelay);
    // The browser may send the swapped-in entry no pointerleave (it never saw the pointer enter): any move
    // outside it counts.
    const moved = (event: PointerEvent) => {
      if (event.target instanceof Node && element.contains(event.target)) return;
      clearTimeout(opening);
      latest.current?.close(true);
      document.removeEventListener('pointermove', moved);
    };
    document.addEventListener('pointermove', moved);
    return () => {
      clearTimeout(opening);
      document.removeEventListener('pointermove', moved);
    };
  }, [trigger, wasPointerOver]);
}
