// Full-text search (issue 4): pages of matches with the total from x-total-count.
import { useInfiniteQuery } from '@tanstack/react-query';
import { PAGE_HEADERS, PROJECTS_CACHE_MS } from '@shared/constants';
import type { TProject } from '@shared/schemas/project';
import { PROJECTS_KEY, type TPageOf } from './projects';
import { throwIfNotOk } from './request';

/** The number of matches over all pages, sent with every search page. */

/** Under PROJECTS_KEY, so a like or an upload refreshes the results like every other list. */
export const SEARCH_KEY = `${PROJECTS_KEY}/search`;

export const SEARCH_SORTS = ['relevance', 'recent', 'popular'] as const;
export type TSearchSort = (typeof SEARCH_SORTS)[number];

export interface TSearchParams {
  query: string;
  sort: TSearchSort;
  categories: string[];
}

export interface TSearchPage extends TPageOf<TProject> {
  total: number;
}

const EMPTY_PAGE: TSearchPage = { items: [], nextCursor: null, total: 0 };

/**
 * Text with no letter or digit has no search terms, and the server answers it with no matches;
 * '.' and '..' could not even be sent, as the URL parser resolves them as path segments.
 */
const hasWords = (query: string) => /[\p{L}\p{N}]/u.test(query);

function searchUrl({ query, sort, categories }: TSearchParams, cursor: string | null): string {
  const search = new URLSearchParams({ sort });
  if (categories.length) search.set('category', categories.join(','));
  if (cursor) search.set('cursor', cursor);
  return `${SEARCH_KEY}/${encodeURIComponent(query)}?${search}`;
}

async function fetchSearchPage(params: TSearchParams, cursor: string | null, signal: AbortSignal): Promise<TSearchPage> {
  if (!hasWords(params.query)) return EMPTY_PAGE;
  const response = await fetch(searchUrl(params, cursor), { credentials: 'include', signal });
  await throwIfNotOk(response);
  return {
    items: (await response.json()) as TProject[],
    nextCursor: response.headers.get(PAGE_HEADERS.nextCursor),
    total: Number(response.headers.get(PAGE_HEADERS.totalCount) ?? 0),
  };
}

/** Matches for a non-blank query, 12 a page; `total` of the first page is the whole count. */
export function useSearch(params: TSearchParams) {
  return useInfiniteQuery({
    queryKey: [SEARCH_KEY, params],
    queryFn: ({ pageParam, signal }) => fetchSearchPage(params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: params.query.trim() !== '',
    staleTime: PROJECTS_CACHE_MS,
  });
}
