import { useCallback, useSyncExternalStore } from 'react';

/** The server knows no screen: it renders the narrowest layout's answer, which hydration then corrects. */
const getServerSnapshot = () => false;

/** Whether a CSS media query matches now; re-renders when that changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, getServerSnapshot);
}
