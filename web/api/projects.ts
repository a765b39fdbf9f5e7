// Projects: lists (paged through headers), one project, likes, follows, creation and upload.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { PAGE_HEADERS, PROJECTS_CACHE_MS } from '@shared/constants';
import type { TUploadResponse } from '@shared/schemas/media';
import type { TCreateProjectBody, TFollowResponse, TLikeResponse, TProject, TProjectSort, TUpdateProjectBody } from '@shared/schemas/project';
import { ApiError } from './api-error';
import { apiJson, throwIfNotOk } from './request';

export const PROJECTS_KEY = '/api/projects';
export const LIKED_PROJECTS_KEY = '/api/projects/liked';

export interface TPageOf<T> {
  items: T[];
  nextCursor: string | null;
}

/** GET a list page: the body is the array, the cursor for more is in a header. */
export async function fetchPage<T>(url: string, signal?: AbortSignal): Promise<TPageOf<T>> {
  const response = await fetch(url, { credentials: 'include', signal });
  await throwIfNotOk(response);
  return { items: (await response.json()) as T[], nextCursor: response.headers.get(PAGE_HEADERS.nextCursor) };
}

export interface TProjectListParams {
  sort: TProjectSort;
  categories?: string[];
  tags?: string[];
  limit?: number;
}

function listUrl(base: string, params: TProjectListParams, cursor: string | null): string {
  const search = new URLSearchParams({ sort: params.sort });
  if (params.limit) search.set('limit', String(params.limit));
  if (params.categories?.length) search.set('category', params.categories.join(','));
  if (params.tags?.length) search.set('tag', params.tags.join(','));
  if (cursor) search.set('cursor', cursor);
  return `${base}?${search}`;
}

/** Pages of projects; `fetchNextPage` loads the next 12 from the server. Cached 5 minutes (SPEC §7). */
export function useProjectList(params: TProjectListParams, base = PROJECTS_KEY) {
  return useInfiniteQuery({
    queryKey: [base, params],
    queryFn: ({ pageParam, signal }) => fetchPage<TProject>(listUrl(base, params, pageParam), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: PROJECTS_CACHE_MS,
  });
}

export function useLikedProjects(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [LIKED_PROJECTS_KEY],
    queryFn: ({ pageParam, signal }) => fetchPage<TProject>(`${LIKED_PROJECTS_KEY}${pageParam ? `?cursor=${pageParam}` : ''}`, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

/** SPEC §2: a number is an id, anything else a slug. */
export function projectUrl(param: string): string {
  return /^\d+$/.test(param) ? `/api/projects/${param}` : `/api/projects/slug/${encodeURIComponent(param)}`;
}

export function useProject(param: string) {
  return useQuery<TProject>({ queryKey: [projectUrl(param)] });
}

export function useSimilarProjects(projectId: number | undefined) {
  return useQuery<TProject[]>({ queryKey: [`/api/projects/similar/${projectId}`], enabled: projectId !== undefined });
}

export function fetchRandomProject(): Promise<{ id: number; slug: string }> {
  return apiJson('GET', '/api/projects/random');
}

/** Lists, the single project and the liked list are refreshed after a like (SPEC §4). */
function refreshProjects(client: QueryClient) {
  return client.invalidateQueries({
    predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(PROJECTS_KEY),
  });
}

export function useLikeProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (projectId: number) => apiJson<TLikeResponse>('POST', `/api/projects/${projectId}/like`),
    onSuccess: () => refreshProjects(client),
  });
}

export function useFollowCreator() {
  return useMutation({
    mutationFn: (userId: number) => apiJson<TFollowResponse>('POST', `/api/users/${userId}/follow`),
  });
}

export function useCreateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateProjectBody) => apiJson<TProject>('POST', '/api/projects', body),
    onSuccess: () => refreshProjects(client),
  });
}

export function useUpdateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: TUpdateProjectBody }) => apiJson<TProject>('PATCH', `/api/projects/${id}`, changes),
    onSuccess: () => refreshProjects(client),
  });
}

export function useDeleteProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<null>('DELETE', `/api/projects/${id}`),
    onSuccess: () => refreshProjects(client),
  });
}

/**
 * POST /api/upload with progress: fetch cannot report upload progress, XMLHttpRequest can.
 * Rejects with an ApiError like every other request, or a plain Error when the request got no answer.
 */
export function uploadMedia(files: File[], onProgress?: (fraction: number) => void): Promise<TUploadResponse> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const file of files) form.append('images', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText) as TUploadResponse);
      else reject(ApiError.fromResponse(xhr.status, xhr.statusText, xhr.responseText));
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.send(form);
  });
}
