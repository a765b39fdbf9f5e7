import { useEffect, useState } from 'react';
import { TIMINGS } from '@shared/constants';
import { useTypewriter } from '@/hooks/useTypewriter';

const CARET = 'ml-0.5 inline-block h-5 w-0.5 translate-y-0.5 bg-violet-200';
/** The longest the typing waits for the page to go idle after its first paint. */
const START_AT_THE_LATEST_MS = 1000;

/**
 * True once the browser is idle after the first render (or a second has passed): the typing's
 * twenty renders a second then do not share the main thread with the page's own start-up work
 * (its route chunk, the gallery's first cards), which would make those tasks longer.
 */
function useIdleStart(): boolean {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(() => setStarted(true), 0);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setStarted(true), { timeout: START_AT_THE_LATEST_MS });
    return () => window.cancelIdleCallback(handle);
  }, []);
  return started;
}

function Typed({ text }: { text: string }) {
  return <>{useTypewriter(text, TIMINGS.typingPerCharacter)}</>;
}

/**
 * Types the text out (SPEC §9: 50 ms per character); screen readers get the whole line at once.
 * The whole line is laid out invisibly underneath, so the box has its final height from the first
 * paint: on a phone the line wraps while it types and would otherwise push the page down.
 */
export function TypedLine({ text }: { text: string }) {
  const started = useIdleStart();
  return (
    <p className="relative text-lg font-medium text-violet-200">
      <span className="sr-only">{text}</span>
      <span aria-hidden className="invisible">
        {text}
        <span className={CARET} />
      </span>
      <span aria-hidden className="absolute inset-0">
        {started && <Typed text={text} />}
        <span className={`${CARET} animate-caret motion-reduce:animate-none`} />
      </span>
    </p>
  );
}
