// Messages: sending one (hire, contact, support, careers — all POST /api/contact, SPEC §7)
// and the creator's own inbox (owner-only, beyond SPEC).
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { TContactBody, TInboxMessage } from '@shared/schemas/contact';
import { fetchPage, type TPageOf } from './projects';
import { ApiError, serverMessage } from './api-error';
import { apiJson } from './request';

export const INBOX_KEY = '/api/messages';
export const UNREAD_COUNT_KEY = '/api/messages/unread-count';
/** New messages can arrive at any time: look again when the inbox is shown after half a minute. */
const INBOX_STALE_MS = 30_000;

export function useSendMessage() {
  return useMutation({ mutationFn: (body: TContactBody) => apiJson<{ ok: true }>('POST', '/api/contact', body) });
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
  return useInfiniteQuery({
    queryKey: [INBOX_KEY],
    queryFn: ({ pageParam, signal }) => fetchPage<TInboxMessage>(`${INBOX_KEY}${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: INBOX_STALE_MS,
  });
}

export function useUnreadCount() {
  return useQuery<{ count: number }>({ queryKey: [UNREAD_COUNT_KEY], staleTime: INBOX_STALE_MS });
}

/** Marks a message read, then shows it read in the list and takes it off the unread count. */
export function useMarkMessageRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<unknown>('POST', `${INBOX_KEY}/${id}/read`),
    onSuccess: (_result, id) => {
      const readAt = new Date().toISOString();
      client.setQueryData<InfiniteData<TPageOf<TInboxMessage>>>([INBOX_KEY], (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({ ...page, items: page.items.map((message) => (message.id === id ? { ...message, readAt: message.readAt ?? readAt } : message)) })),
        },
      );
      return client.invalidateQueries({ queryKey: [UNREAD_COUNT_KEY] });
    },
  });
}
