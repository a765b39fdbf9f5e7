// The board's designed states: 5 skeleton cards, load error with retry, no jobs, no match.
import { AlertTriangle, BriefcaseBusiness, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { JOB_SKELETONS } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { StatePanel } from '@/components/ui/state-panel';
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

export function JobListError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <StatePanel icon={AlertTriangle} alert level={2} title="Something went wrong" text="We couldn't load the jobs. Please try again later.">
      <Button variant="outline" onClick={onRetry} busy={retrying}>
        Try Again
      </Button>
    </StatePanel>
  );
}

/** No live listing at all: the one action is posting one. */
export function JobListEmpty({ action }: { action: ReactNode }) {
  return (
    <StatePanel icon={BriefcaseBusiness} level={2} title="No jobs posted yet" text="Be the first to post an AI job and reach creators who build with generative tools.">
      {action}
    </StatePanel>
  );
}

export function JobListNoMatch({ onClear }: { onClear: () => void }) {
  return (
    <StatePanel icon={SearchX} level={2} title="No jobs match your search" text="Try another search term or job type to see more listings.">
      <Button variant="outline" onClick={onClear}>
        Clear Filters
      </Button>
    </StatePanel>
  );
}
