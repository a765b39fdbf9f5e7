import { useEffect, useRef, useState } from 'react';
import { TIMINGS } from '@shared/constants';

/**
 * Copies text and remembers which control did it for the confirmation period (SPEC §4: 2 s),
 * so that one control can show its check mark. Resolves false when the clipboard refuses.
 */
export function useCopyToClipboard() {
  const [copiedKey, setCopiedKey] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function copy(key: string, text: string): Promise<boolean> {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return false;
    }
    setCopiedKey(key);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopiedKey(null), TIMINGS.copyConfirmation);
    return true;
  }

  return { copiedKey, copy };
}
