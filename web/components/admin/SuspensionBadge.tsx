// A member's role and suspension, as short marks beside their name.
import { longDate } from '@shared/format';
import type { TAdminMemberSummary } from '@shared/schemas/moderation';

type TStanding = Pick<TAdminMemberSummary, 'suspended' | 'suspendedUntil' | 'suspendedForever'>;

export function suspensionText({ suspended, suspendedUntil, suspendedForever }: TStanding): string | null {
  if (!suspended) return null;
  if (suspendedForever || !suspendedUntil) return 'Suspended for good';
  return `Suspended until ${longDate(suspendedUntil)}`;
}

export function SuspensionBadge({ member }: { member: TStanding }) {
  const text = suspensionText(member);
  if (!text) return null;
  return <span className="rounded-full bg-red-50 px-2 py-0.5 text-[12px] font-medium text-red-800">{text}</span>;
}

export function RoleBadge({ role }: { role: TAdminMemberSummary['role'] }) {
  if (role === 'member') return null;
  return <span className="rounded-full bg-violet-100 px-2 py-0.5 text-[12px] font-medium text-violet-800 capitalize">{role}</span>;
}
