// Creator pages (GET /api/users/{id} and their projects) and the member's own account actions.
import { useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { GALLERY_PAGE_SIZE } from '@shared/constants';
import { usePagedList } from './paged';
import { readQuery } from './query-client';
import { sendJson } from './request';

export const creatorProfileQuery = (id: number) => readQuery(`/api/users/${id}`);
const creatorProjectsPath = (id: number) => `/api/users/${id}/projects` as const;

/**
 * A creator's profile, real figures and the invite tree. Refetched whenever a page showing it
 * opens: the figures change with every like, upload and follow made elsewhere.
 */
export function useCreatorProfile(id: number) {
  return useQuery({ ...creatorProfileQuery(id), staleTime: 0 });
}

/** A creator's projects, newest first, 12 at a time; fresh on every visit for the same reason. */
export function useCreatorProjects(id: number) {
  return usePagedList(creatorProjectsPath(id), { sort: 'recent', limit: GALLERY_PAGE_SIZE }, { staleTime: 0 });
}

/** After a member changes their profile or projects: their page and project list load again. */
export function refreshCreator(client: QueryClient, id: number) {
  const paths: unknown[] = [creatorProfileQuery(id).queryKey[0], creatorProjectsPath(id)];
  return client.invalidateQueries({ predicate: (query) => paths.includes(query.queryKey[0]) });
}

/** DELETE /api/auth/delete-account: the account, its projects, files, likes, follows and sessions go. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: () => sendJson('DELETE', '/api/auth/delete-account'),
  });
}
