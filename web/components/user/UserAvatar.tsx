import type { TPublicUser } from '@shared/schemas/user';
import { displayName, initials } from '@shared/format';
import { Avatar } from '@/components/ui/avatar';

type TAvatarUser = Pick<TPublicUser, 'firstName' | 'lastName' | 'profileImageUrl'> & { email?: string | null };

/** A member's picture, else their initials, else 'U' (SPEC §2). */
export function UserAvatar({ user, size }: { user: TAvatarUser; size?: 'sm' | 'md' | 'lg' }) {
  return <Avatar src={user.profileImageUrl} name={displayName(user)} initials={initials(user)} size={size} />;
}
