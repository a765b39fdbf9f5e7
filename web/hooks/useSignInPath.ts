// A 'Sign In' link's target for the page being shown: /login?next=<this page> (issue 16).
// From the router's location, so the server-rendered link and the hydrated one agree.
import { useLocation } from 'react-router';
import { signInPath } from '@/lib/return-to';

export function useSignInPath(): string {
  const { pathname, search } = useLocation();
  return signInPath({ next: `${pathname}${search}` });
}
