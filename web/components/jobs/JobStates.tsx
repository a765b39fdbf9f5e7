// The board's designed states: 5 skeleton cards, load error with retry, no jobs, no match.
import { AlertTriangle, BriefcaseBusiness, SearchX, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { JOB_SKELETONS } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { JobCardSkeleton } from './JobCard';

export function JobListLoading() {
  return (
    <div role="status" aria-label="Loading jobs" className="flex flex-col gap-4">
      {Array.from({ length: JOB_SKELETONS }, (_, index) => (
        <JobCardSkeleton key={index} />
      ))}
    </div>
  );
}

function JobMessage({ icon: Icon, title, text, role, children }: { icon: LucideIcon; title: string; text: string; role?: 'alert'; children: ReactNode }) {
  return (
    <div role={role} className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-zinc-300 px-6 py-16 text-center">
      <Icon className="h-8 w-8 text-zinc-400" aria-hidden />
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="max-w-md text-sm text-zinc-600">{text}</p>
      <div className="mt-2">{children}</div>
    </div>
  );
}

export function JobListError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <JobMessage icon={AlertTriangle} role="alert" title="Something went wrong" text="We couldn't load the jobs. Please try again later.">
      <Button variant="outline" onClick={onRetry} busy={retrying}>
        Try Again
      </Button>
    </JobMessage>
  );
}

/** No live listing at all: the one action is posting one. */
export function JobListEmpty({ action }: { action: ReactNode }) {
  return (
    <JobMessage icon={BriefcaseBusiness} title="No jobs posted yet" text="Be the first to post an AI job and reach creators who build with generative tools.">
      {action}
    </JobMessage>
  );
}

export function JobListNoMatch({ onClear }: { onClear: () => void }) {
  return (
    <JobMessage icon={SearchX} title="No jobs match your search" text="Try another search term or job type to see more listings.">
      <Button variant="outline" onClick={onClear}>
        Clear Filters
      </Button>
    </JobMessage>
  );
}
