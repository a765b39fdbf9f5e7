// The For Creators stats strip (SPEC §2, §9): the server's figures as 1.2K+ / 3.4M+, 'Loading...' until they arrive.
import type { TSiteStats } from '@shared/schemas/contact';
import { statsCount } from '@shared/format';
import { useSiteStats } from '@/api/site';
import { Button } from '@/components/ui/button';

const FIGURES: { key: keyof TSiteStats; label: string }[] = [
  { key: 'users', label: 'Active Prompters' },
  { key: 'projects', label: 'Projects Showcased' },
  { key: 'views', label: 'Total Views' },
  { key: 'likes', label: 'Community Likes' },
];

export function StatsStrip() {
  const stats = useSiteStats();
  return (
    <section aria-label="Community in numbers" className="border-y border-zinc-200 bg-zinc-50">
      <div className="mx-auto flex max-w-[1440px] flex-col gap-4 px-4 py-10 md:px-8">
        <dl className="grid grid-cols-2 gap-8 text-center lg:grid-cols-4">
          {FIGURES.map(({ key, label }) => (
            <div key={key} className="flex flex-col-reverse gap-1">
              <dt className="text-sm text-zinc-600">{label}</dt>
              <dd className="text-3xl font-bold tracking-tight text-ink md:text-4xl">
                {stats.data ? statsCount(stats.data[key]) : stats.isError ? '—' : <span className="text-xl font-medium text-zinc-500">Loading...</span>}
              </dd>
            </div>
          ))}
        </dl>
        {stats.isError && (
          <div role="alert" className="flex items-center justify-center gap-3 text-sm text-zinc-600">
            We couldn't load the community figures.
            <Button variant="outline" size="sm" busy={stats.isFetching} onClick={() => void stats.refetch()}>
              Try again
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
