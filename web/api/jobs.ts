// Jobs and job payments (SPEC §7): the live board with its filters, the poster's own jobs,
// posting a job, and the three payment calls (session, card confirmation in test mode, activation).
import { keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { JOB_PAGE_SIZE, PAGE_HEADERS, type TJobType } from '@shared/constants';
import type {
  TCreateJobBody,
  TJob,
  TMyJob,
  TPaymentSession,
  TPaymentsConfig,
  TTestCardPaymentRequest,
  TTestCardPaymentResult,
} from '@shared/schemas/job';
import { fetchPage, type TPageOf } from './projects';
import { apiJson, throwIfNotOk } from './request';

export const JOBS_KEY = '/api/jobs';
export const MY_JOBS_KEY = '/api/jobs/mine';
const PAYMENTS_CONFIG_KEY = '/api/payments/config';


/** The dropdown's first entry (SPEC §2); the server reads it as "no type filter" too. */
export const ALL_JOB_TYPES = 'All Types';
export type TJobTypeFilter = TJobType | typeof ALL_JOB_TYPES;

export interface TJobFilters {
  /** Trimmed search text; '' for none. */
  q: string;
  type: TJobTypeFilter;
}

interface TJobPage extends TPageOf<TJob> {
  /** Live jobs matching the request's filters, across all pages (x-total-count). */
  total: number;
}

async function fetchJobPage(url: string, signal?: AbortSignal): Promise<TJobPage> {
  const response = await fetch(url, { credentials: 'include', signal });
  await throwIfNotOk(response);
  return {
    items: (await response.json()) as TJob[],
    nextCursor: response.headers.get(PAGE_HEADERS.nextCursor),
    total: Number(response.headers.get(PAGE_HEADERS.totalCount) ?? 0),
  };
}

function jobsUrl(filters: TJobFilters, limit: number, cursor: string | null): string {
  const search = new URLSearchParams({ limit: String(limit) });
  if (filters.q) search.set('q', filters.q);
  if (filters.type !== ALL_JOB_TYPES) search.set('type', filters.type);
  if (cursor) search.set('cursor', cursor);
  return `${JOBS_KEY}?${search}`;
}

/**
 * Live jobs matching the filters (SPEC §5; the server applies the rule), newest first, a page at
 * a time. Fresh on every visit: listings go live and end all the time. While a new filter loads,
 * the previous cards stay on screen instead of flashing back to skeletons.
 */
export function useJobList(filters: TJobFilters) {
  return useInfiniteQuery({
    queryKey: [JOBS_KEY, filters],
    queryFn: ({ pageParam, signal }) => fetchJobPage(jobsUrl(filters, JOB_PAGE_SIZE, pageParam), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** How many jobs are live in all, whatever the filters: one row asked for, the count read from the header. */
export function useLiveJobCount(enabled: boolean) {
  return useQuery({
    queryKey: [JOBS_KEY, 'live-count'],
    queryFn: async ({ signal }) => (await fetchJobPage(jobsUrl({ q: '', type: ALL_JOB_TYPES }, 1, null), signal)).total,
    enabled,
    staleTime: 0,
  });
}

/** One live job (or one's own, with its numbers); the server counts the read as a view of the listing. */
export function useJobDetails(id: number, enabled: boolean) {
  return useQuery<TJob>({ queryKey: [`${JOBS_KEY}/${id}`], enabled });
}

/** The signed-in member's jobs in every state, with views and apply clicks. */
export function useMyJobs() {
  return useInfiniteQuery({
    queryKey: [MY_JOBS_KEY],
    queryFn: ({ pageParam, signal }) => fetchPage<TMyJob>(`${MY_JOBS_KEY}${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}

/** Which card form the payment step shows: Stripe Elements or the offline test-mode form. */
export function usePaymentsConfig() {
  return useQuery<TPaymentsConfig>({ queryKey: [PAYMENTS_CONFIG_KEY] });
}

export function useCreateJob() {
  return useMutation({
    mutationFn: (body: TCreateJobBody) => apiJson<TMyJob>('POST', JOBS_KEY, body),
  });
}

/**
 * The job's payment session. The server hands out the job's one PaymentIntent however often it
 * is asked, so this POST is safe to cache and to repeat.
 */
export const paymentSessionQuery = (jobId: number) =>
  queryOptions({
    queryKey: ['payment-session', jobId],
    queryFn: () => apiJson<TPaymentSession>('POST', `${JOBS_KEY}/${jobId}/payment`),
    staleTime: Infinity,
  });

export function usePaymentSession(jobId: number) {
  return useQuery(paymentSessionQuery(jobId));
}

/** The test-mode stand-in for Stripe.js' card confirmation: 402 with Stripe's message when refused. */
export function confirmTestCardPayment(body: TTestCardPaymentRequest): Promise<TTestCardPaymentResult> {
  return apiJson<TTestCardPaymentResult>('POST', '/api/payments/test/confirm', body);
}

/** After the job went live: the board, one's own list and the job's spent payment session. */
function refreshAfterPayment(client: QueryClient, jobId: number) {
  client.removeQueries({ queryKey: paymentSessionQuery(jobId).queryKey });
  return client.invalidateQueries({ predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(JOBS_KEY) });
}

/** The server checks the PaymentIntent with the provider and activates the job for 60 days. */
export function useConfirmJobPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, paymentIntentId }: { jobId: number; paymentIntentId: string }) =>
      apiJson<TMyJob>('POST', `${JOBS_KEY}/${jobId}/confirm-payment`, { paymentIntentId }),
    onSuccess: (_job, { jobId }) => refreshAfterPayment(client, jobId),
  });
}
