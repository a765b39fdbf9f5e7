// Every list the API pages through headers (PAGE_HEADERS: the next page's cursor, the total count)
// goes through this one factory over useInfiniteQuery.
import { useInfiniteQuery, type keepPreviousData } from '@tanstack/react-query';
import { PAGE_HEADERS } from '@shared/constants';
import type { TPagedLists, TPagedPath } from './endpoints';
import { apiFetch, readJson, throwIfNotOk } from './request';

export interface TPage<T> {
  items: T[];
  /** Where the next page starts; null on the last page. */
  nextCursor: string | null;
  /** Matches over all pages, where the list counts them (search, jobs); else null. */
  total: number | null;
}

/** Query parameters; empty and undefined ones are left out. */
export type TListQuery = Readonly<Record<string, string | number | undefined>>;

function listUrl(path: string, query: TListQuery): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') search.set(name, String(value));
  return search.size > 0 ? `${path}?${search}` : path;
}

/** One page of a list: the body is the array, the cursor and the count come in headers. */
export async function fetchPage<P extends TPagedPath>(path: P, query: TListQuery, signal?: AbortSignal): Promise<TPage<TPagedLists[P]>> {
  const response = await apiFetch(listUrl(path, query), { credentials: 'include', signal });
  await throwIfNotOk(response);
  const total = response.headers.get(PAGE_HEADERS.totalCount);
  return { items: await readJson(response), nextCursor: response.headers.get(PAGE_HEADERS.nextCursor), total: total === null ? null : Number(total) };
}

/** Only what is set overrides the SPEC §7 defaults (an explicit undefined would too). */
interface TPagedOptions {
  enabled?: boolean;
  /** How long loaded pages count as fresh (the default: forever). */
  staleTime?: number;
  /** keepPreviousData: while another query's first page loads, the previous one's pages stay. */
  placeholderData?: typeof keepPreviousData;
}

const FIRST_PAGE: string | null = null;

/**
 * Pages of a list, keyed [path, query]; `fetchNextPage` asks for the page after the last one.
 * Every page carries the list's total where the server counts it.
 */
export function usePagedList<P extends TPagedPath>(path: P, query: TListQuery = {}, options: TPagedOptions = {}) {
  return useInfiniteQuery({
    queryKey: [path, query],
    queryFn: ({ pageParam, signal }) => fetchPage(path, { ...query, cursor: pageParam ?? undefined }, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => last.nextCursor,
    ...options,
  });
}
