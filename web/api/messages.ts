// Messages: sending one (hire, contact, support, careers — all POST /api/contact, SPEC §7)
// and the creator's own inbox (owner-only, beyond SPEC).
import { useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { UNREAD_POLL_MS } from '@shared/constants';
import type { TContactBody, TInboxMessage } from '@shared/schemas/contact';
import { ApiError, serverMessage } from './api-error';
import { usePagedList, type TPage } from './paged';
import { readQuery } from './query-client';
import { sendJson } from './request';

const INBOX_PATH = '/api/messages';
const unreadCountQuery = readQuery('/api/messages/unread-count');
/** New messages can arrive at any time: look again when the inbox is shown after half a minute. */
const INBOX_STALE_MS = 30_000;

export function useSendMessage() {
  return useMutation({ mutationFn: (body: TContactBody) => sendJson('POST', '/api/contact', body) });
}

/**
 * The server's reason a message was refused: its field messages when validation failed
 * ('Please enter a valid email address' says more than 'Validation failed'), else its message, else the fallback.
 */
export function sendErrorMessage(error: unknown, fallback: string): string {
  const body = error instanceof ApiError ? error.body : null;
  if (body?.message === 'Validation failed' && body.details?.length) return body.details.map((detail) => detail.message).join(', ');
  return serverMessage(error, fallback);
}

export function useInbox() {
  return usePagedList(INBOX_PATH, {}, { staleTime: INBOX_STALE_MS });
}

export function useUnreadCount() {
  return useQuery({ ...unreadCountQuery, staleTime: INBOX_STALE_MS });
}

/** The header inbox's count (issue 16): asked like the bell's, once a minute and on return to the tab. */
export function useUnreadMessages(enabled: boolean) {
  return useQuery({ ...unreadCountQuery, enabled, staleTime: UNREAD_POLL_MS, refetchInterval: UNREAD_POLL_MS, refetchOnWindowFocus: 'always' });
}

/** Marks a message read, then shows it read in the list and takes it off the unread count. */
export function useMarkMessageRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => sendJson('POST', `/api/messages/${id}/read`),
    onSuccess: (read) => {
      client.setQueriesData<InfiniteData<TPage<TInboxMessage>>>({ queryKey: [INBOX_PATH] }, (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({ ...page, items: page.items.map((message) => (message.id === read.id ? read : message)) })),
        },
      );
      return client.invalidateQueries({ queryKey: unreadCountQuery.queryKey });
    },
  });
}
