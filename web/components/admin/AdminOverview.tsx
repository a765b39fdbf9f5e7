// /admin's first section: the site's figures, counted by the server from the database.
import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TAdminFigures } from '@shared/schemas/moderation';
import { useAdminFigures } from '@/api/admin';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { StatePanel } from '@/components/ui/state-panel';
import { diskSize, dollars } from './admin-format';
import { DayChart } from './DayChart';

const CHARTS = [
  { key: 'signups', title: 'Sign-ups' },
  { key: 'uploads', title: 'Uploads' },
  { key: 'activeMembers', title: 'Active members' },
] as const;

export function AdminOverview() {
  const figures = useAdminFigures();
  if (figures.isPending) return <OverviewLoading />;
  if (figures.isError) {
    return (
      <StatePanel icon={AlertTriangle} alert level={2} title="Something went wrong" text="We couldn't load the figures. Please try again.">
        <Button variant="outline" busy={figures.isFetching} onClick={() => void figures.refetch()}>
          Try Again
        </Button>
      </StatePanel>
    );
  }
  return <Figures figures={figures.data} />;
}

function Figures({ figures }: { figures: TAdminFigures }) {
  return (
    <section aria-labelledby="admin-figures" className="flex flex-col gap-6">
      <h2 id="admin-figures" className="text-xl font-semibold">
        Figures
      </h2>
      <dl className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-5">
        <Figure label="Open reports">
          <Link to="/admin/reports" className="rounded-sm text-accent hover:text-accent-hover">
            {figures.openReports.toLocaleString()}
          </Link>
        </Figure>
        <Figure label="Jobs paid">{figures.jobsPaid.toLocaleString()}</Figure>
        <Figure label="Revenue">{dollars(figures.revenueCents)}</Figure>
        <Figure label="Outbox backlog">{figures.outboxBacklog.toLocaleString()}</Figure>
        <Figure label="Media on disk">{diskSize(figures.mediaDiskBytes)}</Figure>
      </dl>
      <h3 className="text-base font-semibold">The last 30 days</h3>
      <div className="grid gap-4 lg:grid-cols-3">
        {CHARTS.map(({ key, title }) => (
          <DayChart key={key} title={title} days={figures.days.map((day) => ({ date: day.date, value: day[key] }))} />
        ))}
      </div>
    </section>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 rounded-xl border border-zinc-200 p-4">
      <dt className="text-[13px] text-zinc-600">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

function OverviewLoading() {
  return (
    <div className="flex flex-col gap-6">
      <span role="status" className="sr-only">
        Loading figures...
      </span>
      <div className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-5">
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} className="h-20 rounded-xl" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        {CHARTS.map(({ key }) => (
          <Skeleton key={key} className="h-44 rounded-xl" />
        ))}
      </div>
    </div>
  );
}
