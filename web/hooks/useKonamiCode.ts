import { useEffect } from 'react';
import { useEffectEvent } from '@/hooks/useEffectEvent';

const KONAMI_SEQUENCE = [
  'ArrowUp',
  'ArrowUp',
  'ArrowDown',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'ArrowLeft',
  'ArrowRight',
  'b',
  'a',
] as const;

/** Calls `onActivate` each time the Konami sequence is typed anywhere on the page. */
export function useKonamiCode(onActivate: () => void): void {
  const activate = useEffectEvent(onActivate);

  useEffect(() => {
    // The last keys pressed, compared as a window: a stray extra key (a third ArrowUp, say)
    // only shifts the window instead of throwing away progress.
    let recent: string[] = [];

    function handleKeyDown(event: KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      // Caps Lock or Shift should not break the letters at the end.
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      recent = [...recent, key].slice(-KONAMI_SEQUENCE.length);
      if (recent.length === KONAMI_SEQUENCE.length && recent.every((pressed, index) => pressed === KONAMI_SEQUENCE[index])) {
        recent = [];
        activate();
      }
    }

    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, []);
}
