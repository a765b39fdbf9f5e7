// Comments on a project (pages of top-level comments with their first replies, more replies on
// demand) and blocking members.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { COMMENTS_PAGE_SIZE } from '@shared/constants';
import type { TCreateCommentRequest } from '@shared/schemas/comment';
import { creatorProfileQuery } from './users';
import { usePagedList } from './paged';
import { changeCachedProject } from './projects';
import { sendJson } from './request';

const commentsPath = (projectId: number) => `/api/projects/${projectId}/comments` as const;
const repliesPath = (commentId: number) => `/api/comments/${commentId}/replies` as const;
const BLOCKS_PATH = '/api/blocks';

/**
 * Loaded when the project page opens, and again after each change: others comment meanwhile.
 * `focus`: the comment a `#comment-{id}` link names, brought into its thread even past the first replies.
 */
export function useComments(projectId: number, focus: number | null) {
  return usePagedList(commentsPath(projectId), { limit: COMMENTS_PAGE_SIZE, focus: focus ?? undefined }, { staleTime: 0 });
}

/** The replies after the first few the comment came with; asked for only when the reader wants them. */
export function useReplies(commentId: number, enabled: boolean) {
  return usePagedList(repliesPath(commentId), { limit: COMMENTS_PAGE_SIZE }, { enabled, staleTime: 0 });
}

/** After a change: the project's comments and replies load again, and its count moves everywhere it is shown. */
function refreshComments(client: QueryClient, projectId: number, countDelta: number) {
  if (countDelta !== 0) changeCachedProject(client, projectId, (project) => ({ ...project, commentsCount: Math.max(0, project.commentsCount + countDelta) }));
  return client.invalidateQueries({
    predicate: (query) => query.queryKey[0] === commentsPath(projectId) || (typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/api/comments/')),
  });
}

export function useAddComment(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateCommentRequest) => sendJson('POST', commentsPath(projectId), body),
    onSuccess: () => refreshComments(client, projectId, 1),
  });
}

export function useEditComment(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: string }) => sendJson('PATCH', `/api/comments/${id}`, { body }),
    onSuccess: () => refreshComments(client, projectId, 0),
  });
}

export function useDeleteComment(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => sendJson('DELETE', `/api/comments/${id}`),
    onSuccess: () => refreshComments(client, projectId, -1),
  });
}

export function useBlockedMembers(enabled: boolean) {
  return usePagedList(BLOCKS_PATH, {}, { enabled, staleTime: 0 });
}

/** Block or unblock a member; their creator page and the Settings list learn it. */
export function useSetBlocked() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, blocked }: { userId: number; blocked: boolean }) => sendJson(blocked ? 'POST' : 'DELETE', `/api/users/${userId}/block`),
    onSuccess: (_state, { userId }) =>
      client.invalidateQueries({ predicate: (query) => query.queryKey[0] === BLOCKS_PATH || query.queryKey[0] === creatorProfileQuery(userId).queryKey[0] }),
  });
}
