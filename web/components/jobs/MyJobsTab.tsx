// The profile's My Jobs tab: every job the member posted, its state, and how the listing does
// (views and apply clicks: the pricing card's 'analytics dashboard'); and the poster's actions:
// view the job's page, edit it, close a live listing early, renew a paid one for 60 more days.
import { AlertTriangle, BriefcaseBusiness, CreditCard, ExternalLink, Pencil, Plus, RefreshCw, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Link } from 'react-router';
import { JOB_LISTING_DAYS } from '@shared/constants';
import { longDate, wholeNumber } from '@shared/format';
import { toCreateJobBody, type TJobFormOutput, type TMyJob } from '@shared/schemas/job';
import { serverMessage } from '@/api/api-error';
import { useCloseJob, useMyJobs, useUpdateJob } from '@/api/jobs';
import { HiddenMark } from '@/components/moderation/HiddenNotice';
import { AlertDialog, ConfirmDialogContent } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { LoadMore } from '@/components/ui/load-more';
import { Skeleton } from '@/components/ui/skeleton';
import { StatePanel } from '@/components/ui/state-panel';
import { cn } from '@/lib/cn';
import { CompanyLogo } from './CompanyLogo';
import { JobForm, jobFormValues } from './JobForm';
import { JOB_PRICE } from './PricingCard';

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
          <dd className="text-lg font-semibold">{wholeNumber(job.views)}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-500">Apply clicks</dt>
          <dd className="text-lg font-semibold">{wholeNumber(job.applyClicks)}</dd>
        </div>
      </dl>
      <MyJobActions job={job} />
    </article>
  );
}

/** Where renewing leads: the post-job page's payment step, for a renewal. */
export function renewJobPath(jobId: number): string {
  return `/post-job?job=${jobId}&renew=true`;
}

function MyJobActions({ job }: { job: TMyJob }) {
  const [editing, setEditing] = useState(false);
  const [closing, setClosing] = useState(false);
  const live = job.status === 'active';
  return (
    <div className="flex shrink-0 flex-wrap gap-2 sm:w-44 sm:flex-col">
      {job.status === 'pending_payment' ? (
        <Button asChild size="sm">
          <Link to={`/post-job?job=${job.id}`} aria-label={`Complete payment for ${job.title}`}>
            <CreditCard className="h-4 w-4" aria-hidden />
            Complete payment
          </Link>
        </Button>
      ) : (
        !job.moderation && (
          <Button asChild size="sm" variant={live ? 'outline' : 'primary'}>
            <Link to={renewJobPath(job.id)} aria-label={`Renew ${job.title}`}>
              <RefreshCw className="h-4 w-4" aria-hidden />
              Renew
            </Link>
          </Button>
        )
      )}
      <Button asChild size="sm" variant="outline">
        <Link to={`/jobs/${job.id}`} aria-label={`View ${job.title}`}>
          <ExternalLink className="h-4 w-4" aria-hidden />
          View
        </Link>
      </Button>
      <Button size="sm" variant="outline" onClick={() => setEditing(true)} aria-label={`Edit ${job.title}`}>
        <Pencil className="h-4 w-4" aria-hidden />
        Edit
      </Button>
      {live && (
        <Button size="sm" variant="outline" onClick={() => setClosing(true)} aria-label={`Close ${job.title}`}>
          <XCircle className="h-4 w-4" aria-hidden />
          Close
        </Button>
      )}
      <EditJobDialog job={editing ? job : null} onClose={() => setEditing(false)} />
      <CloseJobDialog job={job} open={closing} onOpenChange={setClosing} />
    </div>
  );
}

function EditJobDialog({ job, onClose }: { job: TMyJob | null; onClose: () => void }) {
  const update = useUpdateJob();
  async function save(values: TJobFormOutput) {
    if (!job) return;
    try {
      await update.mutateAsync({ jobId: job.id, body: toCreateJobBody(values) });
    } catch (error) {
      toast.error('Error', { description: serverMessage(error, 'Failed to update the job listing. Please try again.') });
      return;
    }
    toast.success('Job updated', { description: 'Your changes are saved.' });
    onClose();
  }
  return (
    <Dialog open={job !== null} onOpenChange={(open) => (!open && !update.isPending ? onClose() : undefined)}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Job</DialogTitle>
          <DialogDescription>Changes show on the board and the job's page at once.</DialogDescription>
        </DialogHeader>
        {job && (
          <JobForm
            initialValues={jobFormValues(job)}
            onSubmit={save}
            submitLabel="Save Changes"
            secondaryAction={
              <Button type="button" variant="outline" size="lg" onClick={onClose}>
                Cancel
              </Button>
            }
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function CloseJobDialog({ job, open, onOpenChange }: { job: TMyJob; open: boolean; onOpenChange: (open: boolean) => void }) {
  const close = useCloseJob();
  async function confirm() {
    try {
      await close.mutateAsync(job.id);
    } catch (error) {
      toast.error('Error', { description: serverMessage(error, 'Failed to close the job listing. Please try again.') });
      return;
    }
    toast.success('Listing closed', { description: `"${job.title}" is no longer on the board.` });
    onOpenChange(false);
  }
  return (
    <AlertDialog open={open} onOpenChange={(next) => (!close.isPending ? onOpenChange(next) : undefined)}>
      <ConfirmDialogContent
        title="Close this listing?"
        description={`"${job.title}" leaves the job board now${job.activeUntil ? ` instead of on ${longDate(job.activeUntil)}` : ''}. The time left is not refunded; you can renew it later: ${JOB_PRICE} for ${JOB_LISTING_DAYS} more days.`}
        confirmLabel="Close Listing"
        busy={close.isPending}
        onConfirm={() => void confirm()}
      />
    </AlertDialog>
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

