import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readQuery } from './query-client';
import { sendJson } from './request';

const invitationCodesQuery = readQuery('/api/invitation-codes');
const allowanceQuery = readQuery('/api/invitation-codes/allowance');

export function useInvitationCodes(enabled: boolean) {
  return useQuery({ ...invitationCodesQuery, enabled });
}

/** Codes held of the allowance (issue 16): Generate is off, with the reason, at the limit. */
export function useCodeAllowance(enabled: boolean) {
  return useQuery({ ...allowanceQuery, enabled });
}

export function useGenerateCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (count: number) => sendJson('POST', '/api/invitation-codes/generate', { count }),
    // Asked again whether it worked or not: a refusal means the allowance changed meanwhile.
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: invitationCodesQuery.queryKey }), client.invalidateQueries({ queryKey: allowanceQuery.queryKey })]),
  });
}

/** Deletes an unused code of mine (404 for a used one). */
export function useRevokeCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => sendJson('DELETE', `/api/invitation-codes/${id}`),
    onSuccess: () => {
      // Not waited for: the caller's own onSuccess (its toast) runs once the list is fresh, as before.
      void client.invalidateQueries({ queryKey: allowanceQuery.queryKey });
      return client.invalidateQueries({ queryKey: invitationCodesQuery.queryKey });
    },
  });
}

/** Resolves when the code can be used; rejects with an ApiError (404, 400, 410, …) otherwise. */
export function validateInvitationCode(code: string) {
  return sendJson('POST', '/api/invitation-codes/validate', { code });
}
