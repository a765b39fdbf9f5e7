// Where else to find a member: website, X (Twitter), Dribbble, Behance.
import { ExternalLink, Globe } from 'lucide-react';
import { isHttpUrl } from '@shared/urls';
import type { TPublicUser } from '@shared/schemas/user';

const NETWORKS = [
  ['twitterUrl', 'X (Twitter)'],
  ['dribbbleUrl', 'Dribbble'],
  ['behanceUrl', 'Behance'],
] as const;

const LINK = 'inline-flex items-center gap-1 rounded-sm text-[13px] font-medium text-accent hover:text-accent-hover';

/** A website shown by its host name: 'example.com' rather than 'https://www.example.com/'. */
function websiteLabel(url: string): string {
  return new URL(url).hostname.replace(/^www\./, '');
}

type TLinked = Pick<TPublicUser, 'website' | 'twitterUrl' | 'dribbbleUrl' | 'behanceUrl'>;

/** Only links that are set, and only web addresses: a stored value never becomes a script link. Nothing when none is. */
export function SocialLinks({ user, name }: { user: TLinked; name: string }) {
  const website = user.website && isHttpUrl(user.website) ? user.website : null;
  const networks = NETWORKS.flatMap(([key, label]) => {
    const href = user[key];
    return href && isHttpUrl(href) ? [{ key, label, href }] : [];
  });
  if (!website && networks.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-2" aria-label={`${name} elsewhere`}>
      {website && (
        <li>
          <a href={website} target="_blank" rel="noopener noreferrer" className={LINK}>
            <Globe className="h-4 w-4" aria-hidden />
            {websiteLabel(website)}
          </a>
        </li>
      )}
      {networks.map((link) => (
        <li key={link.key}>
          <a href={link.href} target="_blank" rel="noopener noreferrer" className={LINK}>
            {link.label}
            <ExternalLink className="h-3 w-3" aria-hidden />
          </a>
        </li>
      ))}
    </ul>
  );
}
