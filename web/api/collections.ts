// Collections: the member's own (with which hold a project), a creator's public ones, one
// collection's page with its projects, and the writes (create, rename, toggle, delete, save, remove).
import { useInfiniteQuery, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MAX_COLLECTIONS } from '@shared/constants';
import type { TCollectionPage, TCreateCollectionBody, TUpdateCollectionRequest } from '@shared/schemas/collection';
import { usePagedList } from './paged';
import { getJson, sendJson } from './request';

const MINE = '/api/collections';
const collectionPath = (id: number) => `/api/collections/${id}` as const;

/** Every cached collection list and page loads again after a write. */
function refreshCollections(client: QueryClient) {
  return client.invalidateQueries({ predicate: (query) => typeof query.queryKey[0] === 'string' && /^\/api\/(collections|users\/\d+\/collections)/.test(query.queryKey[0]) });
}

/** The member's own collections, newest first; with a project, each says whether it holds it (all of them: at most MAX_COLLECTIONS). */
export function useMyCollections(options: { projectId?: number; enabled?: boolean } = {}) {
  const query = options.projectId === undefined ? {} : { projectId: options.projectId, limit: MAX_COLLECTIONS };
  return usePagedList(MINE, query, { enabled: options.enabled ?? true });
}

export function usePublicCollections(userId: number) {
  return usePagedList(`/api/users/${userId}/collections`, {});
}

/** One collection with its projects, a page at a time. */
export function useCollection(id: number) {
  return useInfiniteQuery({
    queryKey: [collectionPath(id)],
    queryFn: ({ pageParam, signal }): Promise<TCollectionPage> =>
      getJson(pageParam ? (`${collectionPath(id)}?cursor=${encodeURIComponent(pageParam)}` as const) : collectionPath(id), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useCreateCollection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateCollectionBody) => sendJson('POST', MINE, body),
    onSuccess: () => refreshCollections(client),
  });
}

export function useUpdateCollection(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateCollectionRequest) => sendJson('PATCH', collectionPath(id), body),
    onSuccess: () => refreshCollections(client),
  });
}

export function useDeleteCollection(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson('DELETE', collectionPath(id)),
    onSuccess: () => {
      client.removeQueries({ queryKey: [collectionPath(id)] });
      return refreshCollections(client);
    },
  });
}

/** Saves a project into a collection, or takes it out. */
export function useSaveToCollection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ collectionId, projectId, saved }: { collectionId: number; projectId: number; saved: boolean }) =>
      sendJson(saved ? 'POST' : 'DELETE', `/api/collections/${collectionId}/projects/${projectId}`),
    onSuccess: () => refreshCollections(client),
  });
}
