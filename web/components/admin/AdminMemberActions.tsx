// What staff can do to a member from their admin page. Moderators: suspend and unsuspend.
// Admins also: change the role, withdraw or restore the right to invite. Each asks why.
import { useState } from 'react';
import { toast } from 'sonner';
import type { TAdminMember } from '@shared/schemas/moderation';
import { ROLES, type TRole } from '@shared/roles';
import { serverMessage } from '@/api/api-error';
import { useSetInviteRight, useSetRole, useUnsuspend } from '@/api/admin';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ReasonDialog } from './ReasonDialog';
import { SuspendDialog } from './SuspendDialog';

const ROLE_LABELS: Record<TRole, string> = { member: 'Member', moderator: 'Moderator', admin: 'Admin' };
const failed = (title: string) => (error: unknown) => toast.error(title, { description: serverMessage(error, 'Please try again.') });

export function AdminMemberActions({ member, isAdmin }: { member: TAdminMember; isAdmin: boolean }) {
  return (
    <section aria-labelledby="admin-member-actions" className="flex flex-col gap-4 border-t border-zinc-200 pt-6">
      <h3 id="admin-member-actions" className="text-base font-semibold">
        Actions
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        <SuspensionAction member={member} />
        {isAdmin && <InviteRightAction member={member} />}
        {isAdmin && <RoleAction member={member} />}
      </div>
    </section>
  );
}

function SuspensionAction({ member }: { member: TAdminMember }) {
  const [open, setOpen] = useState(false);
  const unsuspend = useUnsuspend(member.id);
  if (!member.suspended) {
    return (
      <>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Suspend
        </Button>
        <SuspendDialog member={member} open={open} onOpenChange={setOpen} />
      </>
    );
  }
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Unsuspend
      </Button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title={`Lift ${member.name}'s suspension?`}
        description="They can sign in again and their work is shown again."
        confirmLabel="Unsuspend"
        busyLabel="Lifting..."
        busy={unsuspend.isPending}
        onConfirm={(reason) =>
          unsuspend.mutate(
            { reason },
            {
              onSuccess: () => {
                toast('Suspension lifted', { description: `${member.name} can sign in again.` });
                setOpen(false);
              },
              onError: failed('Unsuspend failed'),
            },
          )
        }
      />
    </>
  );
}

function InviteRightAction({ member }: { member: TAdminMember }) {
  const [open, setOpen] = useState(false);
  const setInviteRight = useSetInviteRight(member.id);
  const canInvite = !member.canInvite;
  const label = canInvite ? 'Restore invite right' : 'Withdraw invite right';
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title={`${label} of ${member.name}?`}
        description={canInvite ? 'They can make and share invitation codes again.' : 'They can no longer make or share invitation codes.'}
        confirmLabel={canInvite ? 'Restore' : 'Withdraw'}
        busyLabel="Saving..."
        busy={setInviteRight.isPending}
        onConfirm={(reason) =>
          setInviteRight.mutate(
            { canInvite, reason },
            {
              onSuccess: () => {
                toast(canInvite ? 'Invite right restored' : 'Invite right withdrawn', { description: member.name });
                setOpen(false);
              },
              onError: failed('Saving failed'),
            },
          )
        }
      />
    </>
  );
}

function RoleAction({ member }: { member: TAdminMember }) {
  const [role, setRole] = useState<TRole | null>(null);
  const setMemberRole = useSetRole(member.id);
  const selectId = `admin-role-${member.id}`;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={selectId}>Role</Label>
      <Select value={member.role} onValueChange={(value) => setRole(ROLES.find((known) => known === value) ?? null)}>
        <SelectTrigger id={selectId} className="w-44">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {ROLES.map((known) => (
            <SelectItem key={known} value={known}>
              {ROLE_LABELS[known]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <ReasonDialog
        key={role ?? 'none'}
        open={role !== null && role !== member.role}
        onOpenChange={(open) => !open && setRole(null)}
        title={`Make ${member.name} ${role ? ROLE_LABELS[role].toLowerCase() : ''}?`}
        description={role === 'member' ? 'They lose access to /admin.' : role === 'admin' ? 'They can act on reports, read the audit log and set roles.' : 'They can act on reports and suspend members.'}
        confirmLabel="Change Role"
        busyLabel="Saving..."
        busy={setMemberRole.isPending}
        onConfirm={(reason) =>
          role &&
          setMemberRole.mutate(
            { role, reason },
            {
              onSuccess: () => {
                toast('Role changed', { description: `${member.name} is now ${ROLE_LABELS[role].toLowerCase()}.` });
                setRole(null);
              },
              onError: failed('Role change failed'),
            },
          )
        }
      />
    </div>
  );
}
