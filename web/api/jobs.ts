// Jobs and job payments (SPEC §7): the live board with its filters, the poster's own jobs,
// posting a job, and the three payment calls (session, card confirmation in test mode, activation).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { JOB_PAGE_SIZE, type TJobType } from '@shared/constants';
import type { TCreateJobBody, TTestCardPaymentRequest } from '@shared/schemas/job';
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
}

const jobsQuery = ({ q, type }: TJobFilters, limit: number): TListQuery => ({ limit, q, type: type === ALL_JOB_TYPES ? undefined : type });

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
    queryFn: async ({ signal }) => (await fetchPage(JOBS_PATH, jobsQuery({ q: '', type: ALL_JOB_TYPES }, 1), signal)).total ?? 0,
    enabled,
    staleTime: 0,
  });
}

/** One live job (or one's own, with its numbers); the server counts the read as a view of the listing. */
export function useJobDetails(id: number, enabled: boolean) {
  return useQuery({ ...readQuery(`/api/jobs/${id}`), enabled });
}

/** The signed-in member's jobs in every state, with views and apply clicks. */
export function useMyJobs() {
  return usePagedList('/api/jobs/mine', {}, { staleTime: 0 });
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

export function usePaymentSession(jobId: number) {
  return useQuery(paymentSessionQuery(jobId));
}

/** The test-mode stand-in for Stripe.js' card confirmation: 402 with Stripe's message when refused. */
export function confirmTestCardPayment(body: TTestCardPaymentRequest) {
  return sendJson('POST', '/api/payments/test/confirm', body);
}

/** After the job went live: the board, one's own list and the job's spent payment session. */
function refreshAfterPayment(client: QueryClient, jobId: number) {
  client.removeQueries({ queryKey: paymentSessionQuery(jobId).queryKey });
  return client.invalidateQueries({ predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(JOBS_PATH) });
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
