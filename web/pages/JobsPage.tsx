// The job board (SPEC §2 Jobs, §5 Job search): live listings, searched and filtered by the server.
// The filters live in the address (?q=&type=&remote=true&location=), so a filtered board can be
// shared, reloaded and rendered on the server as it is.
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { JOB_TYPES } from '@shared/constants';
import { JOB_PRICE_CENTS } from '@shared/constants';
import { useCurrentUser } from '@/api/auth';
import { ALL_JOB_TYPES, useJobList, useLiveJobCount, useMyJobIds, type TJobFilters, type TJobTypeFilter } from '@/api/jobs';
import { JobCard } from '@/components/jobs/JobCard';
import { JobFilters } from '@/components/jobs/JobFilters';
import { JobPostingJsonLd } from '@/components/jobs/JobPostingJsonLd';
import { JobListEmpty, JobListError, JobListLoading, JobListNoMatch } from '@/components/jobs/JobStates';
import { useDebouncedValue } from '@/components/jobs/useDebouncedValue';
import { HydrateLater } from '@/components/page/HydrateLater';
import { PageContainer } from '@/components/page/PageContainer';
import { Button } from '@/components/ui/button';
import { LoadMore } from '@/components/ui/load-more';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { cn } from '@/lib/cn';

/** Typing pauses this long before the search goes to the server. */
const SEARCH_DEBOUNCE_MS = 300;

const PRICE = `$${JOB_PRICE_CENTS / 100}`;

// Dark, full-bleed like the home hero (DESIGN: the hero is the only dark area), drawn in CSS.
const HERO_BACKGROUND = [
  'radial-gradient(50rem 24rem at 90% -20%, rgb(139 92 246 / 0.5), transparent 60%)',
  'radial-gradient(36rem 22rem at 0% 120%, rgb(59 130 246 / 0.3), transparent 60%)',
  'linear-gradient(135deg, #0f0f14 0%, #1e1b4b 50%, #2e1065 80%, #0f0f14 100%)',
].join(', ');

function typeParam(value: string | null): TJobTypeFilter {
  return (JOB_TYPES as readonly string[]).includes(value ?? '') ? (value as TJobTypeFilter) : ALL_JOB_TYPES;
}

/** The filters as the address gives them. */
function filtersFrom(params: URLSearchParams) {
  return {
    search: params.get('q') ?? '',
    type: typeParam(params.get('type')),
    remote: params.get('remote') === 'true',
    location: params.get('location') ?? '',
  };
}

export default function JobsPage() {
  useDocumentTitle('Jobs', 'Find your dream AI job: roles for prompt engineers, AI artists and AI-native designers.');
  const [params, setParams] = useSearchParams();
  const [initial] = useState(() => filtersFrom(params));
  const [search, setSearch] = useState(initial.search);
  const [type, setType] = useState<TJobTypeFilter>(initial.type);
  const [remote, setRemote] = useState(initial.remote);
  const [location, setLocation] = useState(initial.location);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const place = useDebouncedValue(location.trim(), SEARCH_DEBOUNCE_MS);
  const filters = useMemo<TJobFilters>(() => ({ q, type, remote, location: place }), [q, type, remote, place]);
  const filtered = q !== '' || type !== ALL_JOB_TYPES || remote || place !== '';
  const { isSignedIn } = useCurrentUser();
  const ownJobs = useMyJobIds(isSignedIn);

  // The address follows the filters (replacing the entry: typing is not a trail of pages). Only
  // a change navigates: a navigation redraws the whole page, and on a server-rendered one that
  // would hydrate every part still waiting in one go (web/lib/hydration.ts).
  useEffect(() => {
    const next = new URLSearchParams();
    if (q) next.set('q', q);
    if (type !== ALL_JOB_TYPES) next.set('type', type);
    if (remote) next.set('remote', 'true');
    if (place) next.set('location', place);
    if (next.toString() !== new URLSearchParams(window.location.search).toString()) setParams(next, { replace: true });
  }, [q, type, remote, place, setParams]);

  const list = useJobList(filters);
  const jobs = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  // 'Showing X of Y jobs': X is the cards on screen, Y every live job on the board. Unfiltered,
  // the list's own x-total-count is Y; filtered, that header counts only the matches, so Y comes
  // from a one-row unfiltered request. X < Y then says the search narrowed the board, or that
  // 'Load More Jobs' has more to show.
  const liveCount = useLiveJobCount(filtered);
  const liveTotal = filtered ? liveCount.data : (list.data?.pages[0]?.total ?? undefined);

  const clearFilters = () => {
    setSearch('');
    setType(ALL_JOB_TYPES);
    setRemote(false);
    setLocation('');
  };

  return (
    <>
      <HydrateLater>
        <JobsHero />
      </HydrateLater>
      <PageContainer width="page" className="flex flex-col gap-6">
        <HydrateLater>
          <JobFilters
            search={search}
            onSearchChange={setSearch}
            type={type}
            onTypeChange={setType}
            remote={remote}
            onRemoteChange={setRemote}
            location={location}
            onLocationChange={setLocation}
          />
        </HydrateLater>

        <p aria-live="polite" className="min-h-5 text-sm text-zinc-600">
          {list.data && liveTotal !== undefined ? `Showing ${jobs.length} of ${liveTotal} jobs` : ''}
        </p>

        {list.isPending ? (
          <JobListLoading />
        ) : list.isError && !list.data ? (
          <JobListError onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : jobs.length === 0 ? (
          filtered ? (
            <JobListNoMatch onClear={clearFilters} />
          ) : (
            <JobListEmpty action={<PostJobButton />} />
          )
        ) : (
          <section aria-label="Job listings" aria-busy={list.isPlaceholderData || undefined} className="flex flex-col gap-4">
            <JobPostingJsonLd jobs={jobs} />
            <ul className={cn('flex flex-col gap-4 transition-opacity duration-150', list.isPlaceholderData && 'opacity-60')}>
              {jobs.map((job) => (
                <li key={job.id}>
                  {/* Each card of the server's page hydrates in a task of its own, once near the viewport. */}
                  <HydrateLater whenNear>
                    <JobCard job={job} own={ownJobs.has(job.id)} />
                  </HydrateLater>
                </li>
              ))}
            </ul>
            <LoadMore pages={list} label="Load More Jobs" failure="We couldn't load more jobs. Please try again." />
          </section>
        )}
      </PageContainer>
    </>
  );
}

function JobsHero() {
  return (
    <section className="relative isolate overflow-hidden bg-ink text-white" style={{ backgroundImage: HERO_BACKGROUND }}>
      <div className="mx-auto flex max-w-[1440px] flex-col items-start gap-5 px-4 py-16 md:px-8 md:py-20">
        <h1 className="max-w-3xl text-4xl leading-tight font-bold tracking-tight md:text-5xl">Find Your Dream AI Job</h1>
        <p className="max-w-2xl text-lg text-zinc-200">Roles for prompt engineers, AI artists and designers who build with generative tools.</p>
        {/* Holds its height while the user loads so the button does not pop in and shift the page. */}
        <div className="min-h-12">
          <PostJobButton size="lg" />
        </div>
      </div>
    </section>
  );
}

/** Members post a job for $250; visitors are sent to sign up first (SPEC §2). */
function PostJobButton({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const { isSignedIn, isLoading } = useCurrentUser();
  if (isLoading) return null;
  return (
    <Button asChild size={size}>
      {isSignedIn ? <Link to="/post-job">{`Post a Job - ${PRICE}`}</Link> : <Link to="/signup">Post a Job</Link>}
    </Button>
  );
}
