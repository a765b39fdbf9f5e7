import { compactCount, wholeNumber } from '@shared/format';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

export interface TStat {
  label: string;
  value: number | undefined;
}

/** A row of figures (Projects, Total Likes, …), shown compactly with the exact number on hover; '—' when they could not load. */
export function ProfileStats({ stats, loading }: { stats: TStat[]; loading: boolean }) {
  return (
    <dl aria-label="Stats" className={cn('grid grid-cols-2 gap-3', stats.length === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-4')}>
      {stats.map(({ label, value }) => (
        <div key={label} className="rounded-xl border border-zinc-200 p-4">
          <dt className="text-[13px] text-zinc-500">{label}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums" title={value === undefined ? undefined : wholeNumber(value)}>
            {value !== undefined ? compactCount(value) : loading ? <Skeleton className="h-8 w-12" /> : '—'}
          </dd>
        </div>
      ))}
    </dl>
  );
}
