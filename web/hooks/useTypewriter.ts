import { useEffect, useState } from 'react';

/** The first N characters of text, N growing by one every msPerCharacter until the whole text shows. */
export function useTypewriter(text: string, msPerCharacter: number): string {
  const [length, setLength] = useState(0);
  useEffect(() => {
    let typed = 0;
    const timer = window.setInterval(() => {
      typed += 1;
      setLength(typed);
      if (typed >= text.length) window.clearInterval(timer);
    }, msPerCharacter);
    return () => window.clearInterval(timer);
  }, [text, msPerCharacter]);
  return text.slice(0, length);
}
