// Moderation rows as /admin shows them: never a member's e-mail or password hash.
import { FORMER_MEMBER_NAME } from '../../../shared/constants';
import type { TAdminMemberSummary, TAuditEntry, TMemberRef, TReport } from '../../../shared/schemas/moderation';
import type { AuditLogRow, ReportRow, UserRow } from '../../db/schema';
import { isSuspended } from '../accounts/suspension';
import { memberName } from '../accounts/user.presenter';

export function toReport(row: ReportRow): TReport {
  return { id: row.id, targetType: row.target_type, targetId: row.target_id, reason: row.reason, note: row.note, status: row.status, createdAt: row.created_at };
}

export function toMemberRef(row: Pick<UserRow, 'id' | 'first_name' | 'last_name'>): TMemberRef {
  return { id: row.id, name: memberName(row) };
}

export function toMemberSummary(row: UserRow, openReports: number, now: Date): TAdminMemberSummary {
  const suspended = isSuspended(row, now);
  return {
    ...toMemberRef(row),
    role: row.role,
    createdAt: row.created_at,
    suspended,
    suspendedUntil: suspended ? row.suspended_until : null,
    suspendedForever: suspended && row.suspended_until === null,
    openReports,
  };
}

/** A name, or the words for a member who has left. */
export function refOrFormer(id: number | null, names: Map<number, string>): TMemberRef | null {
  if (id === null) return null;
  return { id, name: names.get(id) ?? FORMER_MEMBER_NAME };
}

export function toAuditEntry(row: AuditLogRow, names: Map<number, string>): TAuditEntry {
  return {
    id: row.id,
    actor: refOrFormer(row.actor_id, names),
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    targetLabel: row.target_label,
    reason: row.reason,
    createdAt: row.created_at,
  };
}
