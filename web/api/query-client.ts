import { hydrate, QueryClient, queryOptions, type DehydratedState, type Query } from '@tanstack/react-query';
import type { TReadPath } from './endpoints';
import { getJson } from './request';

/** A GET keyed by its path; the answer's type follows from the path (endpoints.ts). */
export function readQuery<P extends TReadPath>(path: P) {
  return queryOptions({ queryKey: [path] as const, queryFn: ({ signal }) => getJson(path, signal) });
}

/**
 * The element the server writes a rendered page's query state into (server/http/spa.ts), for the
 * browser to start from instead of asking again.
 */
export const QUERY_STATE_ELEMENT_ID = 'query-state';

/**
 * Answers a server-rendered page arrived with. Lists fresh only for a moment (staleTime 0) would
 * load again as the page hydrates: they count as fresh until the page that showed them is gone.
 */
const serverAnswers = new Set<string>();

const refetchOnMount = (query: Query) => !serverAnswers.has(query.queryHash);

/** Starts the browser's cache from the answers the server rendered the page with. */
export function startFromServerState(client: QueryClient, state: DehydratedState): void {
  hydrate(client, state);
  for (const query of state.queries) serverAnswers.add(query.queryHash);
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'observerRemoved' && event.query.getObserversCount() === 0) serverAnswers.delete(event.query.queryHash);
  });
}

/**
 * SPEC §7 defaults: never stale, no refetch on focus, no polling, no retry. One per page load in
 * the browser, one per rendered page on the server (answers must never leak between visitors).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
        refetchOnMount,
      },
      mutations: { retry: false },
    },
  });
}
