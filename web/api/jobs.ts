// Jobs and job payments (SPEC §7): the live board with its filters, the poster's own jobs,
// posting a job, and the three payment calls (session, card confirmation in test mode, activation).
import { useMemo } from 'react';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { JOB_PAGE_SIZE, type TJobType } from '@shared/constants';
import type { TCreateJobBody, TTestCardPaymentRequest, TUpdateJobRequest } from '@shared/schemas/job';
import { fetchPage, usePagedList, type TListQuery } from './paged';
import { readQuery } from './query-client';
import { sendJson } from './request';

const JOBS_PATH = '/api/jobs';

/** The dropdown's first entry (SPEC §2); the server reads it as "no type filter" too. */
export const ALL_JOB_TYPES = 'All Types';
export type TJobTypeFilter = TJobType | typeof ALL_JOB_TYPES;

export interface TJobFilters {
  /** Trimmed search text; '' for none. */
  q: string;
  type: TJobTypeFilter;
  /** Remote jobs only. */
  remote: boolean;
  /** Trimmed location text (a case-insensitive substring); '' for any. */
  location: string;
}

export const NO_JOB_FILTERS: TJobFilters = { q: '', type: ALL_JOB_TYPES, remote: false, location: '' };

const jobsQuery = ({ q, type, remote, location }: TJobFilters, limit: number): TListQuery => ({
  limit,
  q,
  type: type === ALL_JOB_TYPES ? undefined : type,
  remote: remote ? 'true' : undefined,
  location,
});

/**
 * Live jobs matching the filters (SPEC §5; the server applies the rule), newest first, a page at
 * a time; every page carries the number of matches. Fresh on every visit: listings go live and end
 * all the time. While a new filter loads, the previous cards stay on screen instead of flashing back to skeletons.
 */
export function useJobList(filters: TJobFilters) {
  return usePagedList(JOBS_PATH, jobsQuery(filters, JOB_PAGE_SIZE), { placeholderData: keepPreviousData, staleTime: 0 });
}

/** How many jobs are live in all, whatever the filters: one row asked for, the count read from the header. */
export function useLiveJobCount(enabled: boolean) {
  return useQuery({
    queryKey: [JOBS_PATH, 'live-count'],
    queryFn: async ({ signal }) => (await fetchPage(JOBS_PATH, jobsQuery(NO_JOB_FILTERS, 1), signal)).total ?? 0,
    enabled,
    staleTime: 0,
  });
}

/** One live job (or one's own, with its numbers); the server counts the read as a view of the listing. */
export function useJobDetails(id: number, enabled: boolean) {
  return useQuery({ ...readQuery(`/api/jobs/${id}`), enabled });
}

/** A job's own page: the live listing, or one's own (or, for staff, any) in whatever state; isOwn says whose. */
export function useJob(id: number) {
  return useQuery({ ...readQuery(`/api/jobs/${id}`), enabled: Number.isSafeInteger(id) && id > 0 });
}

/** After a job changed: the board, one's own list and the job's page read it again. */
function refreshJobs(client: QueryClient) {
  return client.invalidateQueries({ predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(JOBS_PATH) });
}

/** The poster's edit: the whole job form again (PATCH /api/jobs/{id}). */
export function useUpdateJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, body }: { jobId: number; body: TCreateJobBody | TUpdateJobRequest }) => sendJson('PATCH', `/api/jobs/${jobId}`, body),
    onSuccess: () => refreshJobs(client),
  });
}

/** Ends a live listing now. */
export function useCloseJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (jobId: number) => sendJson('POST', `/api/jobs/${jobId}/close`),
    onSuccess: () => refreshJobs(client),
  });
}

/** The signed-in member's jobs in every state, with views and apply clicks. */
export function useMyJobs() {
  return usePagedList('/api/jobs/mine', {}, { staleTime: 0 });
}

/** The ids of the signed-in member's own jobs (their cards on the board get no Report button). */
export function useMyJobIds(enabled: boolean): ReadonlySet<number> {
  const list = usePagedList('/api/jobs/mine', {}, { staleTime: 0, enabled });
  return useMemo(() => new Set(list.data?.pages.flatMap((page) => page.items.map((job) => job.id)) ?? []), [list.data]);
}

/** Which card form the payment step shows: Stripe Elements or the offline test-mode form. */
export function usePaymentsConfig() {
  return useQuery(readQuery('/api/payments/config'));
}

export function useCreateJob() {
  return useMutation({
    mutationFn: (body: TCreateJobBody) => sendJson('POST', JOBS_PATH, body),
  });
}

/**
 * The job's payment session. The server hands out the job's one PaymentIntent however often it
 * is asked, so this POST is safe to cache and to repeat.
 */
export const paymentSessionQuery = (jobId: number) =>
  queryOptions({
    queryKey: ['payment-session', jobId],
    queryFn: () => sendJson('POST', `/api/jobs/${jobId}/payment`),
    staleTime: Infinity,
  });

/**
 * A renewal's payment session (another $250 for 60 more days): the server hands out the same
 * unpaid renewal PaymentIntent however often it is asked, so this too is safe to cache.
 */
export const renewalSessionQuery = (jobId: number) =>
  queryOptions({
    queryKey: ['renewal-session', jobId],
    queryFn: () => sendJson('POST', `/api/jobs/${jobId}/renew`),
    staleTime: Infinity,
    retry: false,
  });

export function usePaymentSession(jobId: number, renewal = false) {
  return useQuery(renewal ? renewalSessionQuery(jobId) : paymentSessionQuery(jobId));
}

/** The test-mode stand-in for Stripe.js' card confirmation: 402 with Stripe's message when refused. */
export function confirmTestCardPayment(body: TTestCardPaymentRequest) {
  return sendJson('POST', '/api/payments/test/confirm', body);
}

/** After the job went live: the board, one's own list and the job's spent payment session. */
function refreshAfterPayment(client: QueryClient, jobId: number) {
  client.removeQueries({ queryKey: paymentSessionQuery(jobId).queryKey });
  client.removeQueries({ queryKey: renewalSessionQuery(jobId).queryKey });
  return refreshJobs(client);
}

/** The server checks the PaymentIntent with the provider and activates the job for 60 days. */
export function useConfirmJobPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, paymentIntentId }: { jobId: number; paymentIntentId: string }) =>
      sendJson('POST', `/api/jobs/${jobId}/confirm-payment`, { paymentIntentId }),
    onSuccess: (_job, { jobId }) => refreshAfterPayment(client, jobId),
  });
}
