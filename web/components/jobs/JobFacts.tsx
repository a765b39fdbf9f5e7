// A listing's facts (where, what kind, remote, pay) as a row of icon items: on the board's
// cards, and larger on the job's own page.
import { Banknote, BriefcaseBusiness, Clock, Globe, MapPin, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { relativeDate } from '@shared/format';
import type { TJob } from '@shared/schemas/job';
import { cn } from '@/lib/cn';

interface JobFactsProps {
  job: Pick<TJob, 'location' | 'type' | 'remote' | 'salary'>;
  size?: 'sm' | 'md';
}

export function JobFacts({ job, size = 'sm' }: JobFactsProps) {
  const icon = size === 'md' ? 'h-4 w-4' : 'h-3.5 w-3.5';
  return (
    <ul aria-label="Job facts" className={cn('flex flex-wrap items-center gap-x-4 gap-y-1.5 text-zinc-600', size === 'md' ? 'text-sm' : 'text-[13px]')}>
      <Fact icon={<MapPin className={icon} aria-hidden />}>{job.location}</Fact>
      <Fact icon={<BriefcaseBusiness className={icon} aria-hidden />}>{job.type}</Fact>
      {job.remote === 'true' && (
        <li>
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
            <Globe className="h-3 w-3" aria-hidden />
            Remote
          </span>
        </li>
      )}
      {job.salary && <Fact icon={<Banknote className={icon} aria-hidden />}>{job.salary}</Fact>}
    </ul>
  );
}

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="inline-flex items-center gap-1.5">
      {icon}
      {children}
    </li>
  );
}

/** Who posted the listing and when ('Posted by Ada Lovelace', 'Today'): on the card and on the job's page. */
export function JobPosted({ job, className }: { job: Pick<TJob, 'user' | 'createdAt'>; className?: string }) {
  return (
    <p className={cn('flex flex-wrap items-center gap-x-4 gap-y-1 text-[13px] text-zinc-500', className)}>
      <span className="inline-flex items-center gap-1.5">
        <UserRound className="h-3.5 w-3.5" aria-hidden />
        Posted by {job.user.name}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Clock className="h-3.5 w-3.5" aria-hidden />
        <time dateTime={job.createdAt}>{relativeDate(job.createdAt)}</time>
      </span>
    </p>
  );
}
