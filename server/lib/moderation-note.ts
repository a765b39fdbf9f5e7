// What the owner of a hidden project or job (and staff) is told: the moderator's reason and when.
import type { TModerationNote } from '../../shared/schemas/moderation';

export function moderationNote(row: { hidden_at: string | null; hidden_reason: string | null }): TModerationNote | null {
  return row.hidden_at === null ? null : { hidden: true, reason: row.hidden_reason ?? '', at: row.hidden_at };
}
