import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TInvitationCode } from '@shared/schemas/invitation';
import { apiJson } from './request';

export const INVITATION_CODES_KEY = ['/api/invitation-codes'] as const;

export function useInvitationCodes(enabled: boolean) {
  return useQuery<TInvitationCode[]>({ queryKey: INVITATION_CODES_KEY, enabled });
}

export function useGenerateCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (count: number) => apiJson<TInvitationCode[]>('POST', '/api/invitation-codes/generate', { count }),
    onSuccess: () => client.invalidateQueries({ queryKey: INVITATION_CODES_KEY }),
  });
}

/** Resolves when the code can be used; rejects with the '<status>: …' error otherwise. */
export function validateInvitationCode(code: string): Promise<{ valid: true; code: string }> {
  return apiJson('POST', '/api/invitation-codes/validate', { code });
}
