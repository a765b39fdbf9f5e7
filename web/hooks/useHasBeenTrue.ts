import { useState } from 'react';

/**
 * True from the first render where `value` was true, and from then on. A panel loaded on its
 * first opening stays mounted afterwards, so closing it still plays its exit animation.
 */
export function useHasBeenTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}
