// The profile's My Jobs tab: every job the member posted, its state, and how the listing does
// (views and apply clicks: the pricing card's 'analytics dashboard').
import { AlertTriangle, BriefcaseBusiness, CreditCard, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { longDate } from '@shared/format';
import type { TMyJob } from '@shared/schemas/job';
import { useMyJobs } from '@/api/jobs';
import { HiddenMark } from '@/components/moderation/HiddenNotice';
import { Button } from '@/components/ui/button';
import { LoadMore } from '@/components/ui/load-more';
import { Skeleton } from '@/components/ui/skeleton';
import { StatePanel } from '@/components/ui/state-panel';
import { cn } from '@/lib/cn';
import { CompanyLogo } from './CompanyLogo';

const ROW = 'flex flex-col gap-4 rounded-xl border border-zinc-200 bg-white p-5 sm:flex-row sm:items-center';

export function MyJobsTab() {
  const list = useMyJobs();
  const jobs = list.data?.pages.flatMap((page) => page.items) ?? [];

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div role="status" aria-label="Loading your jobs" className="flex flex-col gap-3">
        {[0, 1, 2].map((index) => (
          <div key={index} className={ROW}>
            <Skeleton className="h-12 w-12 shrink-0 rounded-xl" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-5 w-56 max-w-full" />
              <Skeleton className="h-4 w-40" />
            </div>
            <Skeleton className="h-9 w-40" />
          </div>
        ))}
      </div>
    );
  } else if (list.isError && !list.data) {
    body = (
      <StatePanel icon={AlertTriangle} alert title="Something went wrong" text="We couldn't load your jobs. Please try again later.">
        <Button variant="outline" busy={list.isFetching} onClick={() => void list.refetch()}>
          Try Again
        </Button>
      </StatePanel>
    );
  } else if (jobs.length === 0) {
    body = (
      <StatePanel
        icon={BriefcaseBusiness}
        title="No job listings yet"
        text="Post a job to reach AI creators. Each listing's views and apply clicks show up here."
      >
        <Button asChild>
          <Link to="/post-job">Post a Job</Link>
        </Button>
      </StatePanel>
    );
  } else {
    body = (
      <>
        <ul className="flex flex-col gap-3">
          {jobs.map((job) => (
            <li key={job.id}>
              <MyJobRow job={job} />
            </li>
          ))}
        </ul>
        <LoadMore pages={list} label="Load More Jobs" failure="We couldn't load more jobs. Please try again." />
      </>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      {jobs.length > 0 && (
        <div className="flex justify-end">
          <Button asChild variant="outline">
            <Link to="/post-job">
              <Plus className="h-4 w-4" aria-hidden />
              Post a Job
            </Link>
          </Button>
        </div>
      )}
      {body}
    </div>
  );
}

function MyJobRow({ job }: { job: TMyJob }) {
  const hidden = job.moderation;
  return (
    <article aria-label={job.title} className={ROW}>
      <div className="flex min-w-0 flex-1 gap-4">
        <CompanyLogo company={job.company} logo={job.companyLogo} />
        <div className="flex min-w-0 flex-col gap-1.5">
          <h3 className="font-semibold break-words">{job.title}</h3>
          <p className="text-[13px] text-zinc-600">
            {job.company} · {job.type} · {job.location}
          </p>
          <JobState job={job} />
          {hidden && (
            <p className="flex flex-wrap items-center gap-2 text-[13px] text-amber-900">
              <HiddenMark />
              {hidden.reason}
            </p>
          )}
        </div>
      </div>
      <dl aria-label="Listing figures" className="flex gap-6 text-center">
        <div>
          <dt className="text-xs text-zinc-500">Views</dt>
          <dd className="text-lg font-semibold">{job.views.toLocaleString()}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-500">Apply clicks</dt>
          <dd className="text-lg font-semibold">{job.applyClicks.toLocaleString()}</dd>
        </div>
      </dl>
      {job.status === 'pending_payment' && (
        <Button asChild size="sm" className="shrink-0">
          <Link to={`/post-job?job=${job.id}`} aria-label={`Complete payment for ${job.title}`}>
            <CreditCard className="h-4 w-4" aria-hidden />
            Complete payment
          </Link>
        </Button>
      )}
    </article>
  );
}

function JobState({ job }: { job: TMyJob }) {
  const [label, look] =
    job.status === 'active' && job.activeUntil
      ? [`Active until ${longDate(job.activeUntil)}`, 'bg-emerald-50 text-emerald-800']
      : job.status === 'pending_payment'
        ? ['Awaiting payment', 'bg-amber-50 text-amber-900']
        : ['Expired', 'bg-zinc-100 text-zinc-700'];
  return <span className={cn('w-fit rounded-full px-2.5 py-0.5 text-xs font-medium', look)}>{label}</span>;
}

