import { TIMINGS } from '@enclave/protocol';
import type { DOMAttributes, ReactElement } from 'react';
import { Focusable, Tooltip, TooltipTrigger } from 'react-aria-components';
import * as styles from './side-menu.css.ts';

/**
 * Spec 000 §2: a collapsed menu entry's label, shown beside its icon after the spec's delay. The entry is a plain
 * link (a child that forwards its ref), which Focusable lets the tooltip listen to.
 */
export function MenuTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <TooltipTrigger delay={TIMINGS.menuTooltipDelay}>
      {/* Focusable's type asks for a DOM element; RouterLink renders one and forwards its ref and props. */}
      <Focusable>{children as ReactElement<DOMAttributes<HTMLElement>, string>}</Focusable>
      <Tooltip placement="right" offset={8} className={styles.tooltip}>
        {label}
      </Tooltip>
    </TooltipTrigger>
  );
}
