import { TIMINGS } from '@shared/constants';
import { useTypewriter } from '@/hooks/useTypewriter';

const CARET = 'ml-0.5 inline-block h-5 w-0.5 translate-y-0.5 bg-violet-200';

/**
 * Types the text out (SPEC §9: 50 ms per character); screen readers get the whole line at once.
 * The whole line is laid out invisibly underneath, so the box has its final height from the first
 * paint: on a phone the line wraps while it types and would otherwise push the page down.
 */
export function TypedLine({ text }: { text: string }) {
  const typed = useTypewriter(text, TIMINGS.typingPerCharacter);
  return (
    <p className="relative text-lg font-medium text-violet-200">
      <span className="sr-only">{text}</span>
      <span aria-hidden className="invisible">
        {text}
        <span className={CARET} />
      </span>
      <span aria-hidden className="absolute inset-0">
        {typed}
        <span className={`${CARET} animate-caret motion-reduce:animate-none`} />
      </span>
    </p>
  );
}
