import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readQuery } from './query-client';
import { sendJson } from './request';

const invitationCodesQuery = readQuery('/api/invitation-codes');

export function useInvitationCodes(enabled: boolean) {
  return useQuery({ ...invitationCodesQuery, enabled });
}

export function useGenerateCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (count: number) => sendJson('POST', '/api/invitation-codes/generate', { count }),
    onSuccess: () => client.invalidateQueries({ queryKey: invitationCodesQuery.queryKey }),
  });
}

/** Deletes an unused code of mine (404 for a used one). */
export function useRevokeCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => sendJson('DELETE', `/api/invitation-codes/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: invitationCodesQuery.queryKey }),
  });
}

/** Resolves when the code can be used; rejects with an ApiError (404, 400, 410, …) otherwise. */
export function validateInvitationCode(code: string) {
  return sendJson('POST', '/api/invitation-codes/validate', { code });
}
