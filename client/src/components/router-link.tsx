import { createLink } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

function Anchor({ ref, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> }) {
  return <a ref={ref} {...props} data-current={props['aria-current'] ? true : undefined} />;
}

/**
 * A plain anchor that navigates with the router; the active route's link gets `aria-current="page"` and, for the
 * styles, `data-current`. Plain, not react-aria's Link: links are on every first screen.
 */
export const RouterLink = createLink(Anchor);
