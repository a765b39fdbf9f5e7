// The configured support address (GET /api/site) as a mailto link: the legal pages' contact line, the support page.
import { Link } from 'react-router';
import { useSiteInfo } from '@/api/site';
import { cn } from '@/lib/cn';

const LINK = 'rounded-sm font-medium text-accent hover:text-accent-hover';

export function SupportEmailLink({ className }: { className?: string }) {
  const site = useSiteInfo();
  // A span, not the Skeleton's div: this sits inside sentences.
  if (site.isPending) return <span aria-hidden className="inline-block h-4 w-40 animate-pulse rounded bg-zinc-200 align-middle" />;
  // Without the address the support page still reaches the team.
  if (!site.data)
    return (
      <Link to="/support" className={cn(LINK, className)}>
        our support team
      </Link>
    );
  return (
    <a href={`mailto:${site.data.supportEmail}`} className={cn(LINK, 'break-all', className)}>
      {site.data.supportEmail}
    </a>
  );
}
