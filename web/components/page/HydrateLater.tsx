import { Suspense, useLayoutEffect, type ReactNode } from 'react';
import { deferringHydration, partHydrated, waitForHydration } from '@/lib/hydration';

/**
 * A part of a server-rendered page hydrated after the rest, in a task of its own
 * (web/lib/hydration.ts): below-the-fold or repeated parts (cards, the footer) so that no single
 * task hydrates the whole page. Until then its server HTML stays as it is (links work as plain
 * links). Rendered in the browser any other way, it draws at once. The wrapper is
 * `display: contents`: it keeps the part one DOM node (what Preact keeps while a part waits)
 * without changing the layout.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <HydrationGate>{children}</HydrationGate>
    </Suspense>
  );
}

function HydrationGate({ children }: { children: ReactNode }) {
  // Thrown before any hook: Preact's Suspense keeps the server's DOM of a part that suspends
  // while hydrating, and hydrates it when the promise resolves.
  if (deferringHydration()) throw waitForHydration();
  // A parent's layout effect runs after its children's: the part has drawn what the server drew.
  useLayoutEffect(partHydrated, []);
  return <div className="contents">{children}</div>;
}
