// Projects: lists (paged through headers), one project, likes, follows, creation, edits and deletion.
import { useMutation, useQuery, useQueryClient, type InfiniteData, type Query, type QueryClient } from '@tanstack/react-query';
import { PROJECTS_CACHE_MS } from '@shared/constants';
import type { TCreateProjectBody, TLikeResponse, TMarkMatureRequest, TProject, TProjectFeed, TProjectSort, TUpdateProjectBody } from '@shared/schemas/project';
import type { TPagedPath } from './endpoints';
import { usePagedList, type TPage } from './paged';
import { readQuery } from './query-client';
import { getJson, sendJson } from './request';

export const PROJECTS_KEY = '/api/projects';
const LIKED_PROJECTS_PATH = '/api/projects/liked';

export interface TProjectListParams {
  sort: TProjectSort;
  categories?: string[];
  tags?: string[];
  limit?: number;
  /** The member's Following feed (newest first; sort and filters do not apply). */
  feed?: TProjectFeed;
}

/** The project lists by sort and filters: the gallery's, a category's. */
type TProjectListPath = Extract<TPagedPath, '/api/projects' | `/api/projects/category/${string}`>;

export const categoryPath = (category: string) => `/api/projects/category/${encodeURIComponent(category)}` as const;

/** Pages of projects; `fetchNextPage` loads the next 12 from the server. Cached 5 minutes (SPEC §7). */
export function useProjectList({ sort, categories = [], tags = [], limit, feed }: TProjectListParams, path: TProjectListPath = PROJECTS_KEY) {
  // The feed changes with every follow: always asked again when shown.
  const query = feed ? { feed, limit } : { sort, limit, category: categories.join(','), tag: tags.join(',') };
  return usePagedList(path, query, { staleTime: feed ? 0 : PROJECTS_CACHE_MS });
}

export function useLikedProjects(enabled: boolean) {
  return usePagedList(LIKED_PROJECTS_PATH, {}, { enabled });
}

/** SPEC §2: a number is an id, anything else a slug. */
function projectQuery(param: string) {
  return readQuery(/^\d+$/.test(param) ? `/api/projects/${Number(param)}` : `/api/projects/slug/${encodeURIComponent(param)}`);
}

/** While a video of the project is being transcoded, the project is asked for again this often. */
const PROCESSING_REFETCH_MS = 5_000;

export function useProject(param: string) {
  return useQuery({
    ...projectQuery(param),
    refetchInterval: (query) => (query.state.data?.media.some((media) => media.status === 'processing') ? PROCESSING_REFETCH_MS : false),
  });
}

export function useSimilarProjects(projectId: number) {
  return useQuery(readQuery(`/api/projects/similar/${projectId}`));
}

export function fetchRandomProject() {
  return getJson('/api/projects/random');
}

/** After a project is created, edited or deleted: every project list and project loads again. */
function refreshProjects(client: QueryClient) {
  return client.invalidateQueries({
    predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(PROJECTS_KEY),
  });
}

const pathOf = (query: Query) => (typeof query.queryKey[0] === 'string' ? query.queryKey[0] : '');
/** Where a project is cached: on its own (by id or slug), in similar lists, in pages of lists (search included). */
const PROJECT_QUERY = /^\/api\/projects\/(\d+|slug\/.+)$/;
const SIMILAR_QUERY = /^\/api\/projects\/similar\/\d+$/;
const PROJECT_PAGES_QUERY = /^\/api\/(projects(\/category\/.+|\/search\/.+)?|users\/\d+\/projects)$/;

/** The same list when the project is not in it, so untouched lists keep their identity. */
function replaceProject(projects: TProject[], id: number, change: (project: TProject) => TProject): TProject[] {
  return projects.some((project) => project.id === id) ? projects.map((project) => (project.id === id ? change(project) : project)) : projects;
}

/** Every cached copy of the project (its page, similar lists, pages of lists) takes the change in place. */
export function changeCachedProject(client: QueryClient, projectId: number, change: (project: TProject) => TProject) {
  client.setQueriesData<TProject>({ predicate: (query) => PROJECT_QUERY.test(pathOf(query)) }, (project) =>
    project?.id === projectId ? change(project) : project,
  );
  client.setQueriesData<TProject[]>({ predicate: (query) => SIMILAR_QUERY.test(pathOf(query)) }, (projects) => projects && replaceProject(projects, projectId, change));
  client.setQueriesData<InfiniteData<TPage<TProject>>>({ predicate: (query) => PROJECT_PAGES_QUERY.test(pathOf(query)) }, (data) => {
    if (!data) return data;
    const pages = data.pages.map((page) => {
      const items = replaceProject(page.items, projectId, change);
      return items === page.items ? page : { ...page, items };
    });
    return pages.every((page, index) => page === data.pages[index]) ? data : { ...data, pages };
  });
}

/**
 * SPEC §4: the server's liked and newCount replace the shown values. Every cached copy of the
 * project takes them in place; only the liked-projects list, whose members changed, loads again.
 */
function writeLike(client: QueryClient, projectId: number, { liked, newCount }: TLikeResponse) {
  changeCachedProject(client, projectId, (project) => ({ ...project, isLiked: liked, likes: newCount }));
  return client.invalidateQueries({ queryKey: [LIKED_PROJECTS_PATH] });
}

/** Cached copies of a creator's projects learn the new follow state, so coming back to one shows it. */
export function useRememberFollow(creatorId: number) {
  const client = useQueryClient();
  return (following: boolean) =>
    client.setQueriesData<TProject>({ predicate: (query) => PROJECT_QUERY.test(pathOf(query)) }, (project) =>
      project?.user.id === creatorId ? { ...project, isFollowing: following } : project,
    );
}

export function likeProjectMutation(client: QueryClient) {
  return {
    mutationFn: (projectId: number) => sendJson('POST', `/api/projects/${projectId}/like`),
    onSuccess: (result: TLikeResponse, projectId: number) => writeLike(client, projectId, result),
  };
}

export function useLikeProject() {
  return useMutation(likeProjectMutation(useQueryClient()));
}

export function useFollowCreator() {
  return useMutation({
    mutationFn: (userId: number) => sendJson('POST', `/api/users/${userId}/follow`),
  });
}

export function useCreateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateProjectBody) => sendJson('POST', '/api/projects', body),
    onSuccess: () => refreshProjects(client),
  });
}

export function useUpdateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: TUpdateProjectBody }) => sendJson('PATCH', `/api/projects/${id}`, changes),
    onSuccess: () => refreshProjects(client),
  });
}

export function useDeleteProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => sendJson('DELETE', `/api/projects/${id}`),
    onSuccess: () => refreshProjects(client),
  });
}

/** Staff mark or unmark anyone's project as mature, with a reason. */
export function useMarkMature() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TMarkMatureRequest }) => sendJson('POST', `/api/admin/projects/${id}/mature`, body),
    onSuccess: () => refreshProjects(client),
  });
}
