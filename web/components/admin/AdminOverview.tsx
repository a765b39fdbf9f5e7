// /admin's first section: the site's figures, counted by the server from the database.
import { Link } from 'react-router';
import type { TAdminFigures } from '@shared/schemas/moderation';
import { useAdminFigures } from '@/api/admin';
import { Skeleton } from '@/components/ui/skeleton';
import { diskSize, dollars } from './admin-format';
import { AdminLoadError, FigureTile } from './AdminStates';
import { DayChart } from './DayChart';
import { wholeNumber } from '@shared/format';

const CHARTS = [
  { key: 'signups', title: 'Sign-ups' },
  { key: 'uploads', title: 'Uploads' },
  { key: 'activeMembers', title: 'Active members' },
] as const;

export function AdminOverview() {
  const figures = useAdminFigures();
  if (figures.isPending) return <OverviewLoading />;
  if (figures.isError) return <AdminLoadError what="the figures" level={2} retrying={figures.isFetching} onRetry={() => void figures.refetch()} />;
  return <Figures figures={figures.data} />;
}

function Figures({ figures }: { figures: TAdminFigures }) {
  return (
    <section aria-labelledby="admin-figures" className="flex flex-col gap-6">
      <h2 id="admin-figures" className="text-xl font-semibold">
        Figures
      </h2>
      <dl className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-5">
        <FigureTile large label="Open reports">
          <Link to="/admin/reports" className="rounded-sm text-accent hover:text-accent-hover">
            {wholeNumber(figures.openReports)}
          </Link>
        </FigureTile>
        <FigureTile large label="Jobs paid">{wholeNumber(figures.jobsPaid)}</FigureTile>
        <FigureTile large label="Revenue">{dollars(figures.revenueCents)}</FigureTile>
        <FigureTile large label="Outbox backlog">{wholeNumber(figures.outboxBacklog)}</FigureTile>
        <FigureTile large label="Media on disk">{diskSize(figures.mediaDiskBytes)}</FigureTile>
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
