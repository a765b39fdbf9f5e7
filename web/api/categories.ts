// Category figures (issue 4): real project and creator counts per upload category.
import { useQuery } from '@tanstack/react-query';
import { PROJECTS_CACHE_MS } from '@shared/constants';
import type { TCategorySummary } from '@shared/schemas/creator';

export const CATEGORIES_KEY = '/api/categories';

/** Counts move with uploads, so they age like the project lists instead of never. */
export function useCategorySummaries() {
  return useQuery<TCategorySummary[]>({ queryKey: [CATEGORIES_KEY], staleTime: PROJECTS_CACHE_MS });
}
