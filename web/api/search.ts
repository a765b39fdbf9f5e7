// Full-text search (issue 4): pages of matches, each carrying the total from x-total-count.
import { PROJECTS_CACHE_MS } from '@shared/constants';
import { usePagedList } from './paged';

export const SEARCH_SORTS = ['relevance', 'recent', 'popular'] as const;
export type TSearchSort = (typeof SEARCH_SORTS)[number];

export interface TSearchParams {
  query: string;
  sort: TSearchSort;
  categories: string[];
}

/**
 * Text with no letter or digit has no search terms, and the server answers it with no matches;
 * '.' and '..' could not even be sent, as the URL parser resolves them as path segments.
 */
export const hasSearchTerms = (query: string) => /[\p{L}\p{N}]/u.test(query);

/**
 * Matches for a query with search terms, 12 a page; `total` of the first page is the whole count.
 * Under /api/projects, so creating or editing a project refreshes the results like every other list.
 */
export function useSearch({ query, sort, categories }: TSearchParams) {
  return usePagedList(
    `/api/projects/search/${encodeURIComponent(query)}`,
    { sort, category: categories.join(',') },
    { enabled: hasSearchTerms(query), staleTime: PROJECTS_CACHE_MS },
  );
}
