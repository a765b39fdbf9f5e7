// Who a member is, as their profile and their public creator page both show it.
import { CalendarDays, ExternalLink, Globe, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { displayName, monthYear } from '@shared/format';
import { isHttpUrl } from '@shared/schemas/common';
import type { TPublicUser } from '@shared/schemas/user';
import { UserAvatar } from '@/components/user/UserAvatar';

/** 'Joined March 2025'. */
export function joinedLabel(createdAt: string): string {
  return `Joined ${monthYear(createdAt)}`;
}

/** A website shown by its host name: 'example.com' rather than 'https://www.example.com/'. */
function websiteLabel(url: string): string {
  return new URL(url).hostname.replace(/^www\./, '');
}

const SOCIAL_LINKS = [
  ['twitterUrl', 'X (Twitter)'],
  ['dribbbleUrl', 'Dribbble'],
  ['behanceUrl', 'Behance'],
] as const;

interface ProfileHeaderProps {
  user: TPublicUser;
  /** Buttons on the right (Edit Profile, Follow, …). */
  actions?: ReactNode;
  /** Extra lines under the details (follower counts, the inviter, …). */
  children?: ReactNode;
}

export function ProfileHeader({ user, actions, children }: ProfileHeaderProps) {
  const name = displayName(user);
  // Only links that are set, and only web addresses: a stored value never becomes a script link.
  const website = user.website && isHttpUrl(user.website) ? user.website : null;
  const socials = SOCIAL_LINKS.flatMap(([key, label]) => {
    const href = user[key];
    return href && isHttpUrl(href) ? [{ key, label, href }] : [];
  });

  return (
    <div className="flex flex-col gap-6 md:flex-row md:items-start md:justify-between">
      <div className="flex min-w-0 flex-col gap-5 sm:flex-row sm:items-start">
        <UserAvatar user={user} size="lg" />
        <div className="flex min-w-0 flex-col gap-2">
          <div>
            <h1 className="text-3xl font-semibold tracking-tight break-words">{name}</h1>
            {user.title && <p className="mt-1 text-base text-zinc-600">{user.title}</p>}
          </div>
          {user.bio && <p className="max-w-2xl text-sm leading-relaxed whitespace-pre-line text-zinc-700">{user.bio}</p>}
          <ul className="flex flex-wrap items-center gap-x-5 gap-y-2 text-[13px] text-zinc-600" aria-label="Details">
            {website && (
              <li>
                <a href={website} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1.5 rounded-sm font-medium text-accent hover:text-accent-hover">
                  <Globe className="h-4 w-4" aria-hidden />
                  {websiteLabel(website)}
                </a>
              </li>
            )}
            {user.location && (
              <li className="inline-flex items-center gap-1.5">
                <MapPin className="h-4 w-4" aria-hidden />
                {user.location}
              </li>
            )}
            <li className="inline-flex items-center gap-1.5">
              <CalendarDays className="h-4 w-4" aria-hidden />
              {joinedLabel(user.createdAt)}
            </li>
          </ul>
          {socials.length > 0 && (
            <ul className="flex flex-wrap gap-x-4 gap-y-2" aria-label={`${name} elsewhere`}>
              {socials.map((link) => (
                <li key={link.key}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 rounded-sm text-[13px] font-medium text-accent hover:text-accent-hover"
                  >
                    {link.label}
                    <ExternalLink className="h-3 w-3" aria-hidden />
                  </a>
                </li>
              ))}
            </ul>
          )}
          {children}
        </div>
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
