// Category figures (issue 4): real project and creator counts per upload category.
import { useQuery } from '@tanstack/react-query';
import { PROJECTS_CACHE_MS } from '@shared/constants';
import { readQuery } from './query-client';

/** Counts move with uploads, so they age like the project lists instead of never. */
export function useCategorySummaries() {
  return useQuery({ ...readQuery('/api/categories'), staleTime: PROJECTS_CACHE_MS });
}
