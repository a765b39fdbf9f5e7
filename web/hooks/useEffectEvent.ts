import { useInsertionEffect, useMemo, useRef } from 'react';

/**
 * React 19.2's `useEffectEvent`, which Preact (the client's React, see vite.config.ts) lacks: a
 * function of stable identity that calls the latest `callback`, for an effect to call without
 * depending on it. Like React's, it is not to be called while rendering.
 */
export function useEffectEvent<TArgs extends unknown[], TResult>(callback: (...args: TArgs) => TResult): (...args: TArgs) => TResult {
  const latest = useRef<(...args: TArgs) => TResult>(() => {
    throw new Error('An effect event was called while rendering.');
  });
  useInsertionEffect(() => {
    latest.current = callback;
  });
  return useMemo(() => (...args: TArgs) => latest.current(...args), []);
}
