// An invitation code as its owner sees it (SPEC §3): isUsed as text, who used it, and until when an unused one works.
import { DAY_MS, FORMER_MEMBER_NAME } from '../../../shared/constants';
import type { TInvitationCode } from '../../../shared/schemas/invitation';
import type { InvitationCodeRow } from '../../db/schema';
import { memberName } from './user.presenter';

export type TInvitationCodeRow = Pick<InvitationCodeRow, 'id' | 'code' | 'used_at' | 'created_at'> & {
  used_by_first_name: string | null;
  used_by_last_name: string | null;
};

export function toInvitationCode(row: TInvitationCodeRow, ttlDays: number): TInvitationCode {
  const used = row.used_at !== null;
  const user = row.used_by_first_name !== null ? memberName({ first_name: row.used_by_first_name, last_name: row.used_by_last_name ?? '' }) : FORMER_MEMBER_NAME;
  return {
    id: row.id,
    code: row.code,
    isUsed: used ? 'true' : 'false',
    createdAt: row.created_at,
    usedAt: row.used_at,
    usedBy: used ? user : null,
    expiresAt: used ? null : new Date(new Date(row.created_at).getTime() + ttlDays * DAY_MS).toISOString(),
  };
}
