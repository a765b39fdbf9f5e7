// /admin/members/:id: one member's standing and place in the invite tree (who invited them, whom
// they invited), with Suspend/Unsuspend for staff and role and invite right for admins.
import { AlertTriangle, ArrowLeft, ArrowUpRight, UserX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { counted, longDate, wholeNumber } from '@shared/format';
import type { TAdminMember } from '@shared/schemas/moderation';
import { ApiError } from '@/api/api-error';
import { useAdminMember } from '@/api/admin';
import { Button } from '@/components/ui/button';
import { StatePanel } from '@/components/ui/state-panel';
import { creatorPath } from '@/lib/paths';
import { AdminMemberActions } from './AdminMemberActions';
import { AdminLoading, FigureTile } from './AdminStates';
import { MemberLink } from './MemberLink';
import { RoleBadge, SuspensionBadge, suspensionText } from './SuspensionBadge';

export function MemberDetail({ isAdmin, viewerId }: { isAdmin: boolean; viewerId: number }) {
  const id = Number(useParams().id);
  const member = useAdminMember(id);

  if (member.isPending) return <AdminLoading what="member" rows={2} rowClassName="h-40 rounded-xl" />;
  if (member.isError) {
    const missing = member.error instanceof ApiError && (member.error.status === 404 || member.error.status === 400);
    return (
      <StatePanel
        icon={missing ? UserX : AlertTriangle}
        alert={!missing}
        level={2}
        title={missing ? 'No such member' : 'Something went wrong'}
        text={missing ? 'This member does not exist or has deleted their account.' : "We couldn't load this member. Please try again."}
      >
        <Button asChild variant="outline">
          <Link to="/admin/members">All members</Link>
        </Button>
      </StatePanel>
    );
  }
  return <Member member={member.data} isAdmin={isAdmin} isSelf={member.data.id === viewerId} />;
}

function Member({ member, isAdmin, isSelf }: { member: TAdminMember; isAdmin: boolean; isSelf: boolean }) {
  return (
    <section aria-labelledby="admin-member" className="flex flex-col gap-8">
      <Link to="/admin/members" className="inline-flex items-center gap-1.5 self-start rounded-sm text-sm font-medium text-zinc-600 hover:text-ink">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        All members
      </Link>
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="admin-member" className="text-2xl font-semibold">
            {member.name}
          </h2>
          <RoleBadge role={member.role} />
          <SuspensionBadge member={member} />
        </div>
        <Link to={creatorPath(member.id)} className="inline-flex items-center gap-1 self-start rounded-sm text-[13px] font-medium text-accent hover:text-accent-hover">
          View public page
          <ArrowUpRight className="h-3.5 w-3.5" aria-hidden />
        </Link>
      </header>

      {member.suspended && (
        <div role="status" className="flex flex-col gap-1 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-semibold">{suspensionText(member)}</p>
          {member.suspensionReason && <p>Reason: {member.suspensionReason}</p>}
        </div>
      )}

      <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
        <FigureTile label="Joined">{longDate(member.createdAt)}</FigureTile>
        <FigureTile label="Projects">{wholeNumber(member.projects)}</FigureTile>
        <FigureTile label="Open reports">{wholeNumber(member.openReports)}</FigureTile>
        <FigureTile label="Unused invitation codes">{wholeNumber(member.unusedCodes)}</FigureTile>
      </dl>

      <section aria-labelledby="admin-invite-tree" className="flex flex-col gap-3">
        <h3 id="admin-invite-tree" className="text-base font-semibold">
          Invite tree
        </h3>
        <p className="text-sm text-zinc-700">
          Invited by {member.invitedBy ? <MemberLink member={member.invitedBy} /> : 'an operator code'}
        </p>
        <p className="text-sm text-zinc-700">
          {member.canInvite ? 'May invite new members.' : 'May not invite new members.'}
          {member.inviteRightNote && <span className="text-zinc-600"> {member.inviteRightNote}</span>}
        </p>
        <h4 className="text-sm font-semibold">Invited {counted(member.invitees.length, 'member')}</h4>
        {member.invitees.length > 0 && (
          <ul className="flex flex-col divide-y divide-zinc-100 rounded-xl border border-zinc-200" aria-label="Invitees">
            {member.invitees.map((invitee) => (
              <li key={invitee.id} className="flex flex-wrap items-center gap-3 px-4 py-2.5 text-sm">
                <MemberLink member={invitee} />
                {invitee.suspended && <span className="rounded-full bg-red-50 px-2 py-0.5 text-[12px] font-medium text-red-800">Suspended</span>}
                <span className="ml-auto text-[13px] text-zinc-600">Joined {longDate(invitee.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {!isSelf && <AdminMemberActions member={member} isAdmin={isAdmin} />}
    </section>
  );
}
