// The creator block of the project page (SPEC §2): who made it, where else to find them, Follow and Hire Me.
import { Briefcase, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { displayName } from '@shared/format';
import { isHttpUrl } from '@shared/schemas/common';
import type { TPublicUser } from '@shared/schemas/user';
import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/user/UserAvatar';
import { creatorPath } from '@/lib/paths';
import { ContactDialog } from './ContactDialog';
import { FollowButton } from './FollowButton';

const LINK_LABELS = [
  ['twitterUrl', 'Twitter'],
  ['dribbbleUrl', 'Dribbble'],
  ['behanceUrl', 'Behance'],
  ['website', 'Website'],
] as const;

interface CreatorPanelProps {
  creator: TPublicUser;
  project: { id: number; title: string; isFollowing: boolean };
  /** The viewer made this project: nothing to follow. */
  isOwnProject: boolean;
  onFollowChange: (following: boolean) => void;
}

export function CreatorPanel({ creator, project, isOwnProject, onFollowChange }: CreatorPanelProps) {
  const [contactOpen, setContactOpen] = useState(false);
  const name = displayName(creator);
  // Only links that are set, and only web addresses: a stored value never becomes a script link.
  const links = LINK_LABELS.flatMap(([key, label]) => {
    const href = creator[key];
    return href && isHttpUrl(href) ? [{ key, label, href }] : [];
  });

  return (
    <section aria-label="Creator" className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <UserAvatar user={creator} size="lg" />
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold">
            <Link to={creatorPath(creator.id)} className="rounded-sm hover:text-accent">
              {name}
            </Link>
          </p>
          {creator.title && <p className="text-[13px] text-zinc-600">{creator.title}</p>}
        </div>
      </div>
      {creator.bio && <p className="text-sm whitespace-pre-line text-zinc-700">{creator.bio}</p>}
      {links.length > 0 && (
        <ul className="flex flex-wrap gap-x-4 gap-y-2" aria-label={`${name} elsewhere`}>
          {links.map((link) => (
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
      <div className="flex gap-2">
        {!isOwnProject && <FollowButton creatorId={creator.id} initialFollowing={project.isFollowing} onChange={onFollowChange} />}
        <Button variant="outline" className="flex-1" onClick={() => setContactOpen(true)}>
          <Briefcase className="h-4 w-4" aria-hidden />
          Hire Me
        </Button>
      </div>
      <ContactDialog open={contactOpen} onOpenChange={setContactOpen} creator={creator} project={project} />
    </section>
  );
}
