// One listing on the board (DESIGN, Jobs): logo, title, company, location, type, remote badge,
// salary, tags, poster, relative date and Apply; the full text opens on demand.
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { TJob } from '@shared/schemas/job';
import { useJobDetails } from '@/api/jobs';
import { ReportButton } from '@/components/moderation/ReportButton';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { TagChips } from '@/components/ui/tag-chip';
import { cn } from '@/lib/cn';
import { CompanyLogo } from './CompanyLogo';
import { JobFacts, JobPosted } from './JobFacts';
import { applicationLink } from './job-links';

const CARD = 'rounded-xl border border-zinc-200 bg-white p-5 md:p-6';

/** `own`: the viewer posted it (no Report on one's own listing). */
export function JobCard({ job, own = false }: { job: TJob; own?: boolean }) {
  const titleId = useId();
  const detailsId = useId();
  const [open, setOpen] = useState(false);
  // Opening the details reads the listing from the server, which counts it as a view for the poster.
  const details = useJobDetails(job.id, open);
  const shown = details.data ?? job;

  return (
    <article aria-labelledby={titleId} className={cn(CARD, 'transition-shadow duration-150 ease-out hover:shadow-md')}>
      <div className="flex gap-4">
        <CompanyLogo company={job.company} logo={job.companyLogo} />
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <h2 id={titleId} className="text-lg leading-snug font-semibold break-words">
                {/* The job's own page, with a link to share. */}
                <Link to={`/jobs/${job.id}`} className="rounded-sm hover:text-accent hover:underline">
                  {job.title}
                </Link>
              </h2>
              <p className="text-sm text-zinc-600">{job.company}</p>
            </div>
            <ApplyLink job={job} />
          </div>

          <JobFacts job={job} />

          <p className={cn('text-sm whitespace-pre-line text-zinc-700', !open && 'line-clamp-2')}>{shown.description}</p>

          {open && (
            <div id={detailsId} className="flex flex-col gap-1.5">
              <h3 className="text-sm font-semibold">Requirements</h3>
              <p className="text-sm whitespace-pre-line text-zinc-700">{shown.requirements}</p>
            </div>
          )}

          <TagChips tags={job.tags} hash={false} />

          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-zinc-100 pt-3 text-[13px] text-zinc-500">
            <JobPosted job={job} />
            <div className="flex items-center gap-2">
              {!own && <ReportButton targetType="job" targetId={job.id} label={job.title} />}
              <button
                type="button"
                aria-expanded={open}
                aria-controls={open ? detailsId : undefined}
                onClick={() => setOpen((value) => !value)}
                className="inline-flex items-center gap-1 rounded-sm font-medium text-accent hover:text-accent-hover"
              >
                {open ? 'Hide details' : 'Show details'}
                <ChevronDown className={cn('h-4 w-4 transition-transform duration-150', open && 'rotate-180')} aria-hidden />
              </button>
            </div>
          </div>
        </div>
      </div>
    </article>
  );
}

/**
 * Apply goes through the server's counting redirect, which sends the applicant on by the same
 * rule as applicationLink (so the poster sees how many applied); the link's title shows where.
 */
export function ApplyLink({ job, size = 'sm' }: { job: TJob; size?: 'sm' | 'lg' }) {
  const destination = applicationLink(job.applicationUrl);
  const external = /^https?:\/\//i.test(destination);
  return (
    <Button asChild size={size} className="shrink-0 self-start">
      <a
        href={destination === '#' ? '#' : job.applyUrl}
        title={destination}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        Apply
        <span className="sr-only">
          {' '}
          for {job.title} at {job.company}
        </span>
      </a>
    </Button>
  );
}

/** Same outline as a card, so nothing jumps when the listings arrive. */
export function JobCardSkeleton() {
  return (
    <div className={CARD}>
      <div className="flex gap-4">
        <Skeleton className="h-12 w-12 shrink-0 rounded-xl" />
        <div className="flex flex-1 flex-col gap-3">
          <div className="flex justify-between gap-4">
            <div className="flex flex-col gap-2">
              <Skeleton className="h-5 w-56 max-w-full" />
              <Skeleton className="h-4 w-32" />
            </div>
            <Skeleton className="h-8 w-16" />
          </div>
          <Skeleton className="h-4 w-72 max-w-full" />
          <Skeleton className="h-10 w-full" />
          <div className="flex gap-1.5">
            <Skeleton className="h-5 w-16 rounded-full" />
            <Skeleton className="h-5 w-20 rounded-full" />
          </div>
          <Skeleton className="mt-1 h-4 w-48" />
        </div>
      </div>
    </div>
  );
}
