// A half-filled form is never lost by leaving its page: while `dirty`, closing or reloading the tab
// asks the browser's 'Leave site?' question, and following a link inside the site or going Back
// asks first here. (The router here is a BrowserRouter, which has no blocker: links are caught
// before React Router sees them; for Back see below.)
import { useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { AlertDialog, ConfirmDialogContent } from '@/components/ui/alert-dialog';

/** The in-site address a plain left click on this element would open, or null when it opens none (or elsewhere). */
function inSiteTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  const url = new URL(anchor.href, window.location.href);
  // Another site: the page unloads, and beforeunload asks.
  if (url.origin !== window.location.origin) return null;
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

const GUARD_MARK = 'leaveGuard';

/** The copy of the page's history entry the guard keeps on top while the form is dirty. */
function guardEntry(state: unknown): object {
  return { ...(typeof state === 'object' && state !== null ? state : {}), [GUARD_MARK]: true };
}

function isGuardEntry(state: unknown): boolean {
  return typeof state === 'object' && state !== null && GUARD_MARK in state;
}

/** Leaving the guarded page by navigate(): replace the guard's copy of the entry rather than add another after it. */
export function replacesGuardEntry(): boolean {
  return isGuardEntry(window.history.state);
}

/** A link's address, or Back. */
type TPending = { to: string } | { back: true };

export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<TPending | null>(null);
  /** Set when 'Leave Page' goes Back for the member: that move is not asked about again. */
  const own = useRef<'leave' | null>(null);

  // A layout effect: the guard is armed in the commit that made the form dirty, before the next
  // task. React runs the effects of a render caused by typing before the keystroke's task ends;
  // Preact (the client's React, vite.config.ts) runs them in a later task, and a Back pressed
  // right after the first keystroke left the page without asking.
  useLayoutEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    // Capture phase on the document: before React Router's link handler runs.
    const onClick = (event: MouseEvent) => {
      const target = inSiteTarget(event);
      if (target === null) return;
      event.preventDefault();
      event.stopPropagation();
      setPending({ to: target });
    };
    // Back: the router hears of a history move before any listener of ours could stop it, so the
    // page keeps a copy of its own history entry on top (same address). Back from the copy stays
    // on this page, and the guard asks; Cancel puts the copy back, 'Leave Page' goes one further.
    if (!isGuardEntry(window.history.state)) window.history.pushState(guardEntry(window.history.state), '', window.location.href);
    const guarded = window.location.href;
    const onPopState = (event: PopStateEvent) => {
      if (own.current === 'leave' || isGuardEntry(event.state) || window.location.href !== guarded) return;
      setPending({ back: true });
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState, true);
    };
  }, [dirty]);

  return (
    <AlertDialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (open) return;
        // Staying after Back: the copy of the entry goes on top again.
        if (pending && 'back' in pending) window.history.pushState(guardEntry(window.history.state), '', window.location.href);
        setPending(null);
      }}
    >
      <ConfirmDialogContent
        title="Leave this page?"
        description="Your project is not published yet. If you leave now, what you entered here is lost."
        confirmLabel="Leave Page"
        busy={false}
        onConfirm={() => {
          const target = pending;
          setPending(null);
          if (target === null) return;
          if ('to' in target) {
            void navigate(target.to, { replace: replacesGuardEntry() });
          } else {
            own.current = 'leave';
            window.history.back();
          }
        }}
      />
    </AlertDialog>
  );
}
