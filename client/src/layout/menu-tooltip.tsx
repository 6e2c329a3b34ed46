import { TIMINGS } from '@enclave/protocol';
import { createLink } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Link, Tooltip, TooltipTrigger } from 'react-aria-components';
import * as styles from './side-menu.css.ts';

/** Spec 000 §2: a collapsed menu entry's label, shown beside its icon after the spec's delay. */
export function MenuTooltip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TooltipTrigger delay={TIMINGS.menuTooltipDelay}>
      {children}
      <Tooltip placement="right" offset={8} className={styles.tooltip}>
        {label}
      </Tooltip>
    </TooltipTrigger>
  );
}

/** A collapsed menu entry's link: react-aria's, which the tooltip trigger drives (the menu's other links are plain). */
export const TooltipLink = createLink(Link);
