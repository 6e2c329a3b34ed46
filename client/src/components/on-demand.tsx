import { type ReactNode, Suspense, useState } from 'react';

/**
 * Renders lazily loaded content (a dialog, a drawer) from the first time it opens, so its code is not part of
 * the first page load; it then stays mounted, so it can animate closed and open again at once.
 */
export function OnDemand({ isOpen, children }: { isOpen: boolean; children: ReactNode }) {
  const [isWanted, setWanted] = useState(isOpen);
  if (isOpen && !isWanted) setWanted(true);
  return isWanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
