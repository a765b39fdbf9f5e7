// A half-filled form is never lost by leaving its page: while `dirty`, closing or reloading the tab
// asks the browser's 'Leave site?' question, and following a link inside the site asks first here.
// (The router here is a BrowserRouter, which has no blocker: links are caught before React Router sees them.)
import { useEffect, useState } from 'react';
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

export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
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
      setPending(target);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  return (
    <AlertDialog open={pending !== null} onOpenChange={(open) => (open ? undefined : setPending(null))}>
      <ConfirmDialogContent
        title="Leave this page?"
        description="Your project is not published yet. If you leave now, what you entered here is lost."
        confirmLabel="Leave Page"
        busy={false}
        onConfirm={() => {
          const target = pending;
          setPending(null);
          if (target !== null) void navigate(target);
        }}
      />
    </AlertDialog>
  );
}
