// The report queue: open reports grouped by what they are about, gravest first (the server's order).
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useReportQueue } from '@/api/admin';
import { LoadMore } from '@/components/ui/load-more';
import { StatePanel } from '@/components/ui/state-panel';
import { AdminLoadError, AdminLoading } from './AdminStates';
import { ModerateDialog, type TModerationChoice } from './ModerateDialog';
import { ReportGroupCard } from './ReportGroupCard';

export function ReportQueue() {
  const queue = useReportQueue();
  const [choice, setChoice] = useState<TModerationChoice | null>(null);
  const groups = queue.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby="admin-reports" className="flex flex-col gap-6">
      <h2 id="admin-reports" className="text-xl font-semibold">
        Reports
      </h2>
      {queue.isPending ? (
        <AdminLoading what="reports" rows={2} rowClassName="h-48 rounded-xl" />
      ) : queue.isError && groups.length === 0 ? (
        <AdminLoadError what="the reports" retrying={queue.isFetching} onRetry={() => void queue.refetch()} />
      ) : groups.length === 0 ? (
        <StatePanel icon={CheckCircle2} title="No open reports" text="Nothing is waiting for a moderator. New reports show up here." />
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Open reports">
          {groups.map((group) => (
            <li key={`${group.target.type}-${group.target.id}`}>
              <ReportGroupCard group={group} onAct={setChoice} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore pages={queue} label="Load More Reports" failure="We couldn't load more reports. Please try again." />
      <ModerateDialog choice={choice} onClose={() => setChoice(null)} />
    </section>
  );
}
