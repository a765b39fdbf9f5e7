// One target in the queue: what it is, whose, how many reports and why, the latest notes, and the actions.
import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { counted, timeAgo } from '@shared/format';
import { REPORT_REASON_LABELS, type TModerationAction, type TReportGroup, type TReportReason } from '@shared/schemas/moderation';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { TModerationChoice } from './ModerateDialog';
import { adminMemberPath, MemberLink } from './MemberLink';

const TYPE_LABELS = { project: 'Project', comment: 'Comment', job: 'Job', member: 'Member' } as const;

/** What can be done to it now: members are suspended from their page; nothing is restored that is not hidden. */
function actionsFor({ type, hidden, deleted }: TReportGroup['target']): TModerationAction[] {
  if (type === 'member' || deleted) return ['dismiss'];
  return hidden ? ['dismiss', 'restore', 'delete'] : ['dismiss', 'hide', 'delete'];
}

const ACTION_LABELS: Record<TModerationAction, string> = { dismiss: 'Dismiss', hide: 'Hide', restore: 'Restore', delete: 'Delete' };

export function ReportGroupCard({ group, onAct }: { group: TReportGroup; onAct: (choice: TModerationChoice) => void }) {
  const { target } = group;
  const titleId = `report-group-${target.type}-${target.id}`;
  const grave = group.reasons.some((entry) => entry.reason === 'csam');

  return (
    <article aria-labelledby={titleId} className={cn('flex flex-col gap-4 rounded-xl border bg-white p-5', grave ? 'border-red-300' : 'border-zinc-200')}>
      <header className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="flex flex-wrap items-center gap-2 text-[13px] text-zinc-600">
            <span className="rounded-full bg-zinc-100 px-2 py-0.5 font-medium text-zinc-800">{TYPE_LABELS[target.type]}</span>
            {target.hidden && <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">Hidden</span>}
            {target.deleted && <span className="rounded-full bg-zinc-200 px-2 py-0.5 font-medium text-zinc-800">Deleted</span>}
            <span>{counted(group.count, 'report')}</span>
            <span aria-hidden>·</span>
            <span>latest {timeAgo(group.latestAt)}</span>
          </p>
          <h3 id={titleId} className="text-base font-semibold break-words">
            <TargetLink url={target.url} label={target.label} />
          </h3>
          {target.owner && (
            <p className="text-[13px] text-zinc-600">
              by <MemberLink member={target.owner} />
            </p>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {target.type === 'member' && (
            <Button asChild variant="outline" size="sm">
              <Link to={adminMemberPath(target.id)}>
                Open member<span className="sr-only"> {target.label}</span>
              </Link>
            </Button>
          )}
          {actionsFor(target).map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'delete' ? 'destructive' : action === 'dismiss' ? 'outline' : 'secondary'}
              aria-label={`${ACTION_LABELS[action]} ${target.label}`}
              onClick={() => onAct({ action, targetType: target.type, targetId: target.id, label: target.label })}
            >
              {ACTION_LABELS[action]}
            </Button>
          ))}
        </div>
      </header>

      <ul className="flex flex-wrap gap-2" aria-label="Reasons">
        {group.reasons.map(({ reason, count }) => (
          <li key={reason}>
            <ReasonChip reason={reason} count={count} />
          </li>
        ))}
      </ul>

      <ul className="flex flex-col divide-y divide-zinc-100 border-t border-zinc-100" aria-label="Latest reports">
        {group.reports.map((report) => (
          <li key={report.id} className="flex flex-col gap-0.5 py-2.5 text-sm">
            <p className="text-[13px] text-zinc-600">
              <MemberLink member={report.reporter} /> · {REPORT_REASON_LABELS[report.reason]} · <time dateTime={report.createdAt}>{timeAgo(report.createdAt)}</time>
            </p>
            {report.note && <p className="whitespace-pre-line break-words text-zinc-800">{report.note}</p>}
          </li>
        ))}
      </ul>
    </article>
  );
}

function TargetLink({ url, label }: { url: string | null; label: string }) {
  if (!url) return <>{label}</>;
  return (
    <Link to={url} className="rounded-sm text-ink underline-offset-2 hover:text-accent hover:underline">
      {label}
    </Link>
  );
}

function ReasonChip({ reason, count }: { reason: TReportReason; count: number }) {
  const grave = reason === 'csam';
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-[13px] font-medium',
        grave ? 'bg-red-600 text-white' : 'bg-violet-50 text-violet-900',
      )}
    >
      {grave && <ShieldAlert className="h-3.5 w-3.5" aria-hidden />}
      {REPORT_REASON_LABELS[reason]}
      <span className="tabular-nums">× {count}</span>
    </span>
  );
}
