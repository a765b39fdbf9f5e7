// A member's row as the API shows it: the public shape for everyone, the e-mail only for themself.
import { displayName } from '../../../shared/format';
import type { TCurrentUser, TPublicUser } from '../../../shared/schemas/user';
import type { UserRow } from '../../db/schema';

/** Anyone may see this: no e-mail, no hash. */
export function toPublicUser(row: UserRow): TPublicUser {
  return {
    id: row.id,
    name: displayName({ firstName: row.first_name, lastName: row.last_name }),
    firstName: row.first_name,
    lastName: row.last_name,
    bio: row.bio,
    website: row.website,
    location: row.location,
    profileImageUrl: row.profile_image_url,
    title: row.title,
    twitterUrl: row.twitter_url,
    dribbbleUrl: row.dribbble_url,
    behanceUrl: row.behance_url,
    createdAt: row.created_at,
  };
}

/** Only for the member themself (GET /api/auth/me and their own auth answers). */
export function toCurrentUser(row: UserRow): TCurrentUser {
  return { ...toPublicUser(row), email: row.email, role: row.role, showMature: row.show_mature === 1 };
}

/** The name shown for a member in someone else's list (an invitation code's user, a job's poster). */
export function memberName(row: Pick<UserRow, 'first_name' | 'last_name'>): string {
  return displayName({ firstName: row.first_name, lastName: row.last_name });
}
