// The one way to the sign-in page (issue 16): every 'sign in first' link and redirect goes
// through here, so the visitor comes back to the page they were on, and what they had tapped
// (like, follow, hire) is finished there once they are signed in.
import { isPendingAction, returnToQuery, safeNextPath, type TPendingAction, type TReturnTo } from '@shared/return-to';

const PENDING_KEY = 'pendingAction';
/** A pending action left behind (signing in took long, or was given up) expires. */
const PENDING_TTL_MS = 10 * 60_000;

/** The page the visitor is on now, as a same-site path. */
export function currentPath(): string {
  if (typeof window === 'undefined') return '/';
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/** /login carrying the way back (the current page unless `next` says otherwise). */
export function signInPath(options: { next?: string | undefined; action?: TPendingAction | undefined; targetId?: number | undefined } = {}): string {
  const next = safeNextPath(options.next ?? currentPath());
  return `/login${returnToQuery(next ? { next, action: options.action, targetId: options.targetId } : null)}`;
}

/** The same for /signup (the link under the login form carries what the login page was given). */
export function signUpPath(returnTo: TReturnTo | null): string {
  return `/signup${returnToQuery(returnTo)}`;
}

/** The old full-page endpoint (SPEC §2, §8: the like redirect), which passes the query on to /login. */
export function apiSignInPath(options: { action?: TPendingAction | undefined; targetId?: number | undefined } = {}): string {
  return `/api${signInPath(options)}`;
}

interface TStoredAction {
  path: string;
  action: TPendingAction;
  targetId: number;
  at: number;
}

/** Called on a successful sign-in or sign-up, just before going back to `returnTo.next`. */
export function rememberPendingAction(returnTo: TReturnTo | null): void {
  if (!returnTo?.action || returnTo.targetId === undefined) return;
  const stored: TStoredAction = { path: pathOnly(returnTo.next), action: returnTo.action, targetId: returnTo.targetId, at: Date.now() };
  try {
    window.sessionStorage.setItem(PENDING_KEY, JSON.stringify(stored));
  } catch {
    // No storage: the visitor is back on the page and taps again.
  }
}

/**
 * True once if a pending `action` on `targetId` was left for the current page; it is then
 * forgotten, so a reload never repeats it.
 */
export function takePendingAction(action: TPendingAction, targetId: number): boolean {
  let stored: Partial<TStoredAction> | null = null;
  try {
    const text = window.sessionStorage.getItem(PENDING_KEY);
    stored = text ? (JSON.parse(text) as Partial<TStoredAction>) : null;
  } catch {
    return false;
  }
  if (!stored || stored.action !== action || stored.targetId !== targetId) return false;
  window.sessionStorage.removeItem(PENDING_KEY);
  const fresh = typeof stored.at === 'number' && Date.now() - stored.at < PENDING_TTL_MS;
  return fresh && isPendingAction(stored.action) && stored.path === pathOnly(currentPath());
}

function pathOnly(path: string): string {
  return (path.split(/[?#]/, 1)[0] ?? '/').toLowerCase().replace(/(.)\/+$/, '$1');
}
