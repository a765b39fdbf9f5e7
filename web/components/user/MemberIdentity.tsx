// Who a member is: picture, name, title, bio and where else to find them. As the head of a page
// (the profile, a creator's page) or as a panel (the creator beside their project).
import { CalendarDays, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { displayName, monthYear } from '@shared/format';
import type { TPublicUser } from '@shared/schemas/user';
import { creatorPath } from '@/lib/paths';
import { SocialLinks } from './SocialLinks';
import { UserAvatar } from './UserAvatar';

interface MemberIdentityProps {
  user: TPublicUser;
  /** 'page': the page's heading, with location and join date; 'panel': a link to the member's page. */
  variant: 'page' | 'panel';
  /** Buttons (Edit Profile, Follow, Hire Me, …): beside the details on a page, under them in a panel. */
  actions?: ReactNode;
  /** Extra lines under the details (follower counts, the inviter, …). */
  children?: ReactNode;
}

export function MemberIdentity({ user, variant, actions, children }: MemberIdentityProps) {
  const name = displayName(user);
  const links = <SocialLinks user={user} name={name} />;

  if (variant === 'panel') {
    return (
      <section aria-label="Creator" className="flex flex-col gap-4">
        <div className="flex items-center gap-3">
          <UserAvatar user={user} size="lg" />
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold">
              <Link to={creatorPath(user.id)} className="rounded-sm hover:text-accent">
                {name}
              </Link>
            </p>
            {user.title && <p className="text-[13px] text-zinc-600">{user.title}</p>}
          </div>
        </div>
        {user.bio && <p className="text-sm whitespace-pre-line text-zinc-700">{user.bio}</p>}
        {links}
        {children}
        {actions && <div className="flex gap-2">{actions}</div>}
      </section>
    );
  }

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
            {user.location && (
              <li className="inline-flex items-center gap-1.5">
                <MapPin className="h-4 w-4" aria-hidden />
                {user.location}
              </li>
            )}
            <li className="inline-flex items-center gap-1.5">
              <CalendarDays className="h-4 w-4" aria-hidden />
              Joined {monthYear(user.createdAt)}
            </li>
          </ul>
          {links}
          {children}
        </div>
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
