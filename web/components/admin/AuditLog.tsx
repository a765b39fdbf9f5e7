// /admin/audit (admins): every moderation action, newest first — who, when, what, on what, and why.
import { ScrollText } from 'lucide-react';
import { dateTime } from '@shared/format';
import { useAuditLog } from '@/api/admin';
import { LoadMore } from '@/components/ui/load-more';
import { StatePanel } from '@/components/ui/state-panel';
import { auditActionLabel } from './admin-format';
import { AdminLoadError, AdminLoading } from './AdminStates';
import { MemberLink } from './MemberLink';

export function AuditLog() {
  const log = useAuditLog();
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby="admin-audit" className="flex flex-col gap-6">
      <h2 id="admin-audit" className="text-xl font-semibold">
        Audit log
      </h2>
      {log.isPending ? (
        <AdminLoading what="the audit log" rows={5} rowClassName="h-10 rounded-lg" />
      ) : log.isError && entries.length === 0 ? (
        <AdminLoadError what="the audit log" retrying={log.isFetching} onRetry={() => void log.refetch()} />
      ) : entries.length === 0 ? (
        <StatePanel icon={ScrollText} title="Nothing logged yet" text="Every moderation action will be listed here with who took it and why." />
      ) : (
        <div className="overflow-x-auto rounded-xl border border-zinc-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Moderation actions, newest first</caption>
            <thead className="bg-zinc-50 text-[13px] text-zinc-600">
              <tr>
                <th scope="col" className="px-4 py-2.5 font-medium">When</th>
                <th scope="col" className="px-4 py-2.5 font-medium">Who</th>
                <th scope="col" className="px-4 py-2.5 font-medium">What</th>
                <th scope="col" className="px-4 py-2.5 font-medium">Target</th>
                <th scope="col" className="px-4 py-2.5 font-medium">Why</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100">
              {entries.map((entry) => (
                <tr key={entry.id} className="align-top">
                  <td className="px-4 py-2.5 whitespace-nowrap text-zinc-700">
                    <time dateTime={entry.createdAt}>{dateTime(entry.createdAt)}</time>
                  </td>
                  <td className="px-4 py-2.5 whitespace-nowrap">{entry.actor ? <MemberLink member={entry.actor} /> : 'System'}</td>
                  <td className="px-4 py-2.5 font-medium whitespace-nowrap">{auditActionLabel(entry.action)}</td>
                  <td className="px-4 py-2.5">
                    <span className="text-zinc-600">{entry.targetType}</span> {entry.targetLabel}
                  </td>
                  <td className="px-4 py-2.5 break-words whitespace-pre-line text-zinc-800">{entry.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore pages={log} label="Load More Entries" failure="We couldn't load more entries. Please try again." />
    </section>
  );
}
