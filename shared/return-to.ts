// Return-to after signing in (issue 16): /login?next=/project/x&do=like&id=42 brings the visitor
// back to the page they were on and finishes what they had tapped. Shared by the client and by
// the old /api/login endpoint, which passes the same query on.

/** What a visitor may have tapped before being asked to sign in. */
export const PENDING_ACTIONS = ['like', 'follow', 'hire', 'save'] as const;
export type TPendingAction = (typeof PENDING_ACTIONS)[number];

const MAX_NEXT_LENGTH = 2000;

/**
 * `next` only when it is a path on this site: one leading '/', never '//' or '/\' (another
 * host to a browser), no control characters (a browser drops tabs and newlines, which would
 * turn '/\t/evil.example' into '//evil.example'), and not the sign-in pages themselves.
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_NEXT_LENGTH) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  const path = raw.split(/[?#]/, 1)[0]?.toLowerCase().replace(/\/+$/, '') ?? '';
  if (path === '/login' || path === '/signup' || path === '/api/login') return null;
  return raw;
}

export function isPendingAction(value: string | null | undefined): value is TPendingAction {
  return PENDING_ACTIONS.some((action) => action === value);
}

export interface TReturnTo {
  next: string;
  action?: TPendingAction | undefined;
  /** The project (like, save) or creator (follow, hire) the action is for. */
  targetId?: number | undefined;
}

/** Reads next / do / id from a query, dropping anything that is not safe or not known. */
export function parseReturnTo(query: { get(name: string): string | null }): TReturnTo | null {
  const next = safeNextPath(query.get('next'));
  if (!next) return null;
  const action = query.get('do');
  const id = Number(query.get('id'));
  if (!isPendingAction(action) || !Number.isSafeInteger(id) || id <= 0) return { next };
  return { next, action, targetId: id };
}

/** The query string (with '?', or '') that carries a return-to along. */
export function returnToQuery(returnTo: TReturnTo | null): string {
  if (!returnTo) return '';
  const next = safeNextPath(returnTo.next);
  if (!next) return '';
  const params = new URLSearchParams({ next });
  if (returnTo.action && returnTo.targetId !== undefined) {
    params.set('do', returnTo.action);
    params.set('id', String(returnTo.targetId));
  }
  return `?${params.toString()}`;
}
