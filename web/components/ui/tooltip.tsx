import { lazy, Suspense, type ReactNode } from 'react';

// The popup brings Radix's positioning engine (about 20 kB gzip): it loads just after the first
// render, and until then the control shows and works without a tooltip.
const TooltipPopup = lazy(() => import('./tooltip-popup'));

/** Wraps a control (usually an icon button) with a short text shown on hover and focus. */
export function Tooltip({ content, children }: { content: string; children: ReactNode }) {
  return (
    <Suspense fallback={children}>
      <TooltipPopup content={content}>{children}</TooltipPopup>
    </Suspense>
  );
}
