// /admin/members: members by name, newest first, with their role, suspension and open reports.
import { Search, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { counted, longDate } from '@shared/format';
import { useAdminMembers } from '@/api/admin';
import { useDebouncedValue } from '@/components/jobs/useDebouncedValue';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadMore } from '@/components/ui/load-more';
import { StatePanel } from '@/components/ui/state-panel';
import { AdminLoadError, AdminLoading } from './AdminStates';
import { adminMemberPath } from './MemberLink';
import { RoleBadge, SuspensionBadge } from './SuspensionBadge';

const SEARCH_DELAY_MS = 300;

export function MembersList() {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search, SEARCH_DELAY_MS);
  const members = useAdminMembers(query);
  const list = members.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby="admin-members" className="flex flex-col gap-6">
      <h2 id="admin-members" className="text-xl font-semibold">
        Members
      </h2>
      <div className="flex max-w-md flex-col gap-1.5">
        <Label htmlFor="admin-member-search">Search by name</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-zinc-500" aria-hidden />
          <Input id="admin-member-search" type="search" className="pl-9" value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
      </div>
      {members.isPending ? (
        <AdminLoading what="members" rows={4} rowClassName="h-14 rounded-lg" />
      ) : members.isError && list.length === 0 ? (
        <AdminLoadError what="the members" retrying={members.isFetching} onRetry={() => void members.refetch()} />
      ) : list.length === 0 ? (
        <StatePanel icon={Users} title="No members found" text={query ? `Nobody's name matches “${query}”.` : 'Nobody has joined yet.'} />
      ) : (
        <ul className="flex flex-col divide-y divide-zinc-200 rounded-xl border border-zinc-200" aria-label="Members">
          {list.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
              <Link to={adminMemberPath(member.id)} className="rounded-sm font-medium text-ink hover:text-accent">
                {member.name}
              </Link>
              <RoleBadge role={member.role} />
              <SuspensionBadge member={member} />
              <span className="ml-auto flex gap-4 text-[13px] text-zinc-600">
                {member.openReports > 0 && <span className="font-medium text-red-800">{counted(member.openReports, 'open report')}</span>}
                <span>Joined {longDate(member.createdAt)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <LoadMore pages={members} label="Load More Members" failure="We couldn't load more members. Please try again." />
    </section>
  );
}
