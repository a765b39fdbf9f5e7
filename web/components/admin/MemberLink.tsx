// A member named in /admin links to their admin page (invite tree, suspension), not their public one.
import { Link } from 'react-router';
import type { TMemberRef } from '@shared/schemas/moderation';

export const adminMemberPath = (id: number) => `/admin/members/${id}`;

export function MemberLink({ member }: { member: TMemberRef }) {
  return (
    <Link to={adminMemberPath(member.id)} className="rounded-sm font-medium text-accent hover:text-accent-hover">
      {member.name}
    </Link>
  );
}
