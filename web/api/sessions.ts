// My sessions (Settings): where I am signed in, ending one, and signing out everywhere else.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readQuery } from './query-client';
import { sendJson } from './request';

const sessionsQuery = readQuery('/api/auth/sessions');

/** Fetched afresh each time Settings opens: other devices come and go meanwhile. */
export function useSessions() {
  return useQuery({ ...sessionsQuery, refetchOnMount: 'always' });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendJson('DELETE', `/api/auth/sessions/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson('POST', '/api/auth/sessions/end-others'),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}
