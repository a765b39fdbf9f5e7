// Whether the page is being hydrated now: the client's React (Preact, see vite.config.ts and
// react-on-preact.ts) must draw what the server drew until hydration is done.
let hydrating = false;

/** main.tsx says when it starts and ends hydrating the server's markup (Preact does it in one go). */
export function setHydrating(value: boolean): void {
  hydrating = value;
}

/** On the server, or hydrating its markup: what renders must match the server's HTML. */
export function drawingServerMarkup(): boolean {
  return hydrating || typeof window === 'undefined';
}
