// The admin sections' shared pieces: their loading placeholder, their failure with a retry, and a figure tile.
import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { StatePanel } from '@/components/ui/state-panel';
import { cn } from '@/lib/cn';

/** Placeholder rows the size of what is coming, with the loading announced. */
export function AdminLoading({ what, rows, rowClassName }: { what: string; rows: number; rowClassName: string }) {
  return (
    <div className="flex flex-col gap-3">
      <span role="status" className="sr-only">
        Loading {what}...
      </span>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className={rowClassName} />
      ))}
    </div>
  );
}

/** What a failed first load shows, with Try Again. */
export function AdminLoadError({ what, retrying, onRetry, level }: { what: string; retrying: boolean; onRetry: () => void; level?: 2 | 3 }) {
  return (
    <StatePanel icon={AlertTriangle} alert level={level} title="Something went wrong" text={`We couldn't load ${what}. Please try again.`}>
      <Button variant="outline" busy={retrying} onClick={onRetry}>
        Try Again
      </Button>
    </StatePanel>
  );
}

/** One labelled number in a grid of figures (a `<dl>`). */
export function FigureTile({ label, children, large = false }: { label: string; children: ReactNode; large?: boolean }) {
  return (
    <div className="flex flex-col gap-1 rounded-xl border border-zinc-200 p-4">
      <dt className="text-[13px] text-zinc-600">{label}</dt>
      <dd className={cn('font-semibold tabular-nums', large ? 'text-2xl' : 'text-lg')}>{children}</dd>
    </div>
  );
}
