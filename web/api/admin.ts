// The admin area's reads and actions (/admin, moderators and admins): figures, the report queue,
// members and their suspension, roles and invite right, and the audit log (admins).
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TModerateRequest, TSuspendRequest } from '@shared/schemas/moderation';
import type { TRole } from '@shared/schemas/user';
import { usePagedList } from './paged';
import { readQuery } from './query-client';
import { sendJson } from './request';

const REPORTS_PATH = '/api/admin/reports';
const MEMBERS_PATH = '/api/admin/users';
const AUDIT_PATH = '/api/admin/audit';
const FIGURES_PATH = '/api/admin/figures';
const memberPath = (id: number) => `/api/admin/users/${id}` as const;

/** Staff act on what others keep changing: every admin read is fetched afresh when shown. */
const FRESH = { staleTime: 0 } as const;

export function useAdminFigures() {
  return useQuery({ ...readQuery(FIGURES_PATH), ...FRESH });
}

export function useReportQueue() {
  return usePagedList(REPORTS_PATH, {}, FRESH);
}

export function useAdminMembers(search: string) {
  return usePagedList(MEMBERS_PATH, { q: search.trim() }, FRESH);
}

export function useAdminMember(id: number) {
  return useQuery({ ...readQuery(memberPath(id)), ...FRESH });
}

export function useAuditLog() {
  return usePagedList(AUDIT_PATH, {}, FRESH);
}

/** After any action: every admin list and figure may have changed (the queue, counts, the log). */
function refreshAdmin(client: QueryClient) {
  return client.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/admin/') });
}

function useAdminAction<TVariables>(send: (variables: TVariables) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => refreshAdmin(client) });
}

export function useModerate() {
  return useAdminAction((body: TModerateRequest) => sendJson('POST', '/api/admin/moderate', body));
}

export function useSuspend(id: number) {
  return useAdminAction((body: TSuspendRequest) => sendJson('POST', `${memberPath(id)}/suspend`, body));
}

export function useUnsuspend(id: number) {
  return useAdminAction((body: { reason: string }) => sendJson('POST', `${memberPath(id)}/unsuspend`, body));
}

export function useSetInviteRight(id: number) {
  return useAdminAction((body: { canInvite: boolean; reason: string }) => sendJson('POST', `${memberPath(id)}/invite-right`, body));
}

export function useSetRole(id: number) {
  return useAdminAction((body: { role: TRole; reason: string }) => sendJson('POST', `${memberPath(id)}/role`, body));
}
