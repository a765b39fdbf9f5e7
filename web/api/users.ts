// Creator pages (GET /api/users/{id} and their projects) and the member's own account actions.
import { useInfiniteQuery, useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { GALLERY_PAGE_SIZE } from '@shared/constants';
import type { TCreatorProfile } from '@shared/schemas/creator';
import type { TProject } from '@shared/schemas/project';
import { fetchPage } from './projects';
import { apiJson } from './request';

export const creatorProfileKey = (id: number) => [`/api/users/${id}`] as const;
const creatorProjectsKey = (id: number) => [`/api/users/${id}/projects`] as const;

/**
 * A creator's profile, real figures and the invite tree. Refetched whenever a page showing it
 * opens: the figures change with every like, upload and follow made elsewhere.
 */
export function useCreatorProfile(id: number) {
  return useQuery<TCreatorProfile>({ queryKey: creatorProfileKey(id), staleTime: 0 });
}

/** A creator's projects, newest first, 12 at a time; fresh on every visit for the same reason. */
export function useCreatorProjects(id: number) {
  const [base] = creatorProjectsKey(id);
  return useInfiniteQuery({
    queryKey: creatorProjectsKey(id),
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams({ sort: 'recent', limit: String(GALLERY_PAGE_SIZE) });
      if (pageParam) search.set('cursor', pageParam);
      return fetchPage<TProject>(`${base}?${search}`, signal);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}

/** After a member changes their profile or projects: their page and project list load again. */
export function refreshCreator(client: QueryClient, id: number) {
  return client.invalidateQueries({ predicate: (query) => creatorProfileKey(id)[0] === query.queryKey[0] || creatorProjectsKey(id)[0] === query.queryKey[0] });
}

/** DELETE /api/auth/delete-account: the account, its projects, files, likes, follows and sessions go. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: () => apiJson<null>('DELETE', '/api/auth/delete-account'),
  });
}
