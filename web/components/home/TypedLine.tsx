import { TIMINGS } from '@shared/constants';
import { useTypewriter } from '@/hooks/useTypewriter';

/** Types the text out (SPEC §9: 50 ms per character); screen readers get the whole line at once. */
export function TypedLine({ text }: { text: string }) {
  const typed = useTypewriter(text, TIMINGS.typingPerCharacter);
  return (
    <p className="min-h-7 text-lg font-medium text-violet-200">
      <span className="sr-only">{text}</span>
      <span aria-hidden>{typed}</span>
      <span aria-hidden className="ml-0.5 inline-block h-5 w-0.5 translate-y-0.5 animate-caret bg-violet-200 motion-reduce:animate-none" />
    </p>
  );
}
