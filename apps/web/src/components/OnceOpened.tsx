import { type ReactNode, Suspense, useState } from 'react';

/**
 * Renders a lazily loaded dialog from its first opening on, so its code (forms, uploads, maps) stays out of
 * the screen's first load; kept mounted afterwards, so closing still animates.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [hasOpened, setHasOpened] = useState(open);
  if (open && !hasOpened) setHasOpened(true);
  return hasOpened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
