// One job's own page (/jobs/{id}, issue 16): the whole listing, Apply (SPEC §2's mailto/URL rule,
// through the counting redirect), Copy link, and Report for everyone but the poster. Rendered on
// the server for visitors, with the listing as schema.org JobPosting data and its share meta.
import { ArrowLeft, BriefcaseBusiness, Check, Copy } from 'lucide-react';
import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { longDate } from '@shared/format';
import { jobPlace, jobShareMeta } from '@shared/job-share-meta';
import type { TJobView } from '@shared/schemas/job';
import { ApiError } from '@/api/api-error';
import { useJob } from '@/api/jobs';
import { CompanyLogo } from '@/components/jobs/CompanyLogo';
import { JobFacts, JobPosted } from '@/components/jobs/JobFacts';
import { ApplyLink } from '@/components/jobs/JobCard';
import { JobPostingJsonLd } from '@/components/jobs/JobPostingJsonLd';
import { HiddenNotice } from '@/components/moderation/HiddenNotice';
import { ReportButton } from '@/components/moderation/ReportButton';
import { NotFoundPanel } from '@/components/page/NotFoundPanel';
import { PageContainer } from '@/components/page/PageContainer';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { TagChips } from '@/components/ui/tag-chip';
import { useCopyToClipboard } from '@/hooks/useCopyToClipboard';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { useShareMeta } from '@/hooks/useShareMeta';

const PANEL = 'rounded-xl border border-zinc-200 bg-white p-5 md:p-8';

export default function JobPage() {
  const { id = '' } = useParams();
  if (!/^[1-9]\d{0,14}$/.test(id)) return <JobNotFound />;
  return <Job key={id} id={Number(id)} />;
}

function Job({ id }: { id: number }) {
  const job = useJob(id);
  if (job.data) return <JobDetail job={job.data} />;
  if (job.isError) {
    const { error } = job;
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return <JobNotFound />;
    return <JobLoadError retrying={job.isFetching} onRetry={() => void job.refetch()} />;
  }
  return <JobSkeleton />;
}

/** The job's share link: always its id. */
export function jobShareLink(jobId: number): string {
  return `${window.location.origin}/jobs/${jobId}`;
}

function JobDetail({ job }: { job: TJobView }) {
  const live = job.status === 'active' && !job.moderation;
  const makeMeta = useCallback((site: { siteName: string; origin: string }) => jobShareMeta(job, site), [job]);
  useShareMeta(makeMeta);

  return (
    <PageContainer width="page" className="flex flex-col gap-6">
      <Link to="/jobs" className="inline-flex items-center gap-1.5 self-start rounded-sm text-sm font-medium text-zinc-600 hover:text-ink">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to Jobs
      </Link>
      {live && <JobPostingJsonLd jobs={[job]} />}
      {job.moderation && <HiddenNotice note={job.moderation} what="job" />}
      {!live && !job.moderation && <NotLiveNotice job={job} />}

      <article aria-labelledby="job-title" className="flex flex-col gap-6">
        <header className={PANEL}>
          <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
            <CompanyLogo company={job.company} logo={job.companyLogo} className="h-16 w-16" />
            <div className="flex min-w-0 flex-1 flex-col gap-3">
              <div>
                <h1 id="job-title" className="text-2xl leading-tight font-semibold tracking-tight break-words md:text-3xl">
                  {job.title}
                </h1>
                <p className="mt-1 text-zinc-600">{job.company}</p>
              </div>
              <JobFacts job={job} size="md" />
              <JobPosted job={job} />
            </div>
          </div>
          <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-zinc-100 pt-5">
            {live && <ApplyLink job={job} size="lg" />}
            <CopyLinkButton jobId={job.id} />
            {job.isOwn ? (
              <Button asChild variant="ghost">
                <Link to="/profile?tab=jobs">Manage in My Jobs</Link>
              </Button>
            ) : (
              live && <ReportButton targetType="job" targetId={job.id} label={job.title} className="ml-auto" />
            )}
          </div>
        </header>

        <section aria-labelledby="job-description" className={PANEL}>
          <h2 id="job-description" className="text-lg font-semibold">
            About the role
          </h2>
          <p className="mt-3 whitespace-pre-line text-zinc-700">{job.description}</p>
        </section>

        <section aria-labelledby="job-requirements" className={PANEL}>
          <h2 id="job-requirements" className="text-lg font-semibold">
            Requirements
          </h2>
          <p className="mt-3 whitespace-pre-line text-zinc-700">{job.requirements}</p>
        </section>

        {job.tags.length > 0 && (
          <section aria-labelledby="job-tags" className="flex flex-col gap-3">
            <h2 id="job-tags" className="text-sm font-semibold text-zinc-700">
              Tags
            </h2>
            <TagChips tags={job.tags} hash={false} />
          </section>
        )}
        <p className="text-[13px] text-zinc-500">
          {jobPlace(job)} · {job.type}
          {live && job.activeUntil ? ` · Open until ${longDate(job.activeUntil)}` : ''}
        </p>
      </article>
    </PageContainer>
  );
}

/** What the poster (or staff) see on a listing nobody else can: why it is not on the board. */
function NotLiveNotice({ job }: { job: TJobView }) {
  const text =
    job.status === 'pending_payment'
      ? 'This listing is awaiting payment: it goes on the board once it is paid.'
      : 'This listing has ended and is no longer on the board. Renew it from My Jobs to put it back.';
  return (
    <div role="status" className="rounded-xl border border-zinc-300 bg-zinc-50 p-4 text-sm text-zinc-800">
      <p className="font-semibold">{job.status === 'pending_payment' ? 'Awaiting payment' : 'Expired'}</p>
      <p>{text}</p>
    </div>
  );
}

function CopyLinkButton({ jobId }: { jobId: number }) {
  const { copiedKey, copy } = useCopyToClipboard();
  const copied = copiedKey === 'link';
  async function copyLink() {
    if (await copy('link', jobShareLink(jobId))) {
      toast('Link copied!', { description: 'The job link has been copied to your clipboard.' });
    } else {
      toast.error('Failed to copy', { description: 'Please copy the link manually.' });
    }
  }
  return (
    <Button variant="outline" size="lg" onClick={() => void copyLink()}>
      {copied ? <Check className="h-4 w-4 text-emerald-600" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
      {copied ? 'Link copied' : 'Copy link'}
    </Button>
  );
}

function JobNotFound() {
  return <NotFoundPanel icon={BriefcaseBusiness} title="Job not found" text="This job listing does not exist or is no longer open." back={{ to: '/jobs', label: 'Back to Jobs' }} />;
}

function JobLoadError({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  useDocumentTitle('Job');
  return (
    <PageContainer className="flex flex-col items-center gap-4 text-center">
      <p role="alert" className="text-zinc-700">
        We couldn't load this job. Please try again later.
      </p>
      <Button variant="outline" busy={retrying} onClick={onRetry}>
        Try Again
      </Button>
    </PageContainer>
  );
}

function JobSkeleton() {
  useDocumentTitle('Job');
  return (
    <PageContainer width="page" className="flex flex-col gap-6">
      <span role="status" className="sr-only">
        Loading job...
      </span>
      <Skeleton className="h-5 w-28" />
      <div className={PANEL}>
        <div className="flex gap-5">
          <Skeleton className="h-16 w-16 shrink-0 rounded-xl" />
          <div className="flex flex-1 flex-col gap-3">
            <Skeleton className="h-8 w-72 max-w-full" />
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4 w-64 max-w-full" />
          </div>
        </div>
      </div>
      <Skeleton className="h-48 w-full rounded-xl" />
    </PageContainer>
  );
}
