import { QueryClient, queryOptions } from '@tanstack/react-query';
import type { TReadPath } from './endpoints';
import { getJson } from './request';

/** A GET keyed by its path; the answer's type follows from the path (endpoints.ts). */
export function readQuery<P extends TReadPath>(path: P) {
  return queryOptions({ queryKey: [path] as const, queryFn: ({ signal }) => getJson(path, signal) });
}

/** SPEC §7 defaults: never stale, no refetch on focus, no polling, no retry. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});
