import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface StatePanelProps {
  icon: LucideIcon;
  title: string;
  text: string;
  /** Announced at once: a failure. */
  alert?: boolean;
  /** The heading's level where the list sits: 2 right under the page title, else 3. */
  level?: 2 | 3;
  /** The one action (DESIGN: every list's empty and error states offer one). */
  children?: ReactNode;
}

/** A list's designed empty or error state (DESIGN): an icon, what happened, one action. */
export function StatePanel({ icon: Icon, title, text, alert = false, level = 3, children }: StatePanelProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div role={alert ? 'alert' : undefined} className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-zinc-300 px-6 py-16 text-center">
      <Icon className="h-8 w-8 text-zinc-400" aria-hidden />
      <Heading className="text-lg font-semibold">{title}</Heading>
      <p className="max-w-md text-sm text-zinc-600">{text}</p>
      {children && <div className="mt-2">{children}</div>}
    </div>
  );
}
