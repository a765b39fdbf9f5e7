// The tooltip itself (Radix, with its positioning engine): tooltip.tsx loads it after the first render.
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';

/** How long a pointer rests on a control before its tooltip shows. */
const TOOLTIP_DELAY_MS = 300;

export default function TooltipPopup({ content, children }: { content: string; children: ReactNode }) {
  // A provider per tooltip: an app-wide one would put Radix back on every page's first load.
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            sideOffset={6}
            className="z-50 animate-fade-in rounded-md bg-ink px-2 py-1 text-xs font-medium text-white shadow-md"
          >
            {content}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
