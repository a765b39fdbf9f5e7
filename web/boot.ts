// The first script of a server-rendered page (server/http/server-render.ts puts it where the
// entry's script tag was). The page is already there in the HTML: its code can wait until the
// page has painted and its largest image has arrived, so that on a slow connection the code
// takes neither the bandwidth nor the main thread the first paint needs. Then the entry and the
// route's chunks are fetched at once, in parallel (module preloads), and the entry hydrates.
// Until the page has hydrated, a click on one of its buttons is held and made again once the
// button has its handler (Preact does not replay events as React does): no dead button.
// Nothing is imported: this file is all a page runs before its code.

/** Longest wait for the largest image before the code loads anyway. */
const LARGEST_IMAGE_WAIT_MS = 3000;
/** web/lib/hydration.ts's HYDRATED_EVENT (written out: importing it would pull the module into this file). */
const HYDRATED_EVENT = 'app:hydrated';
/** Controls whose click does nothing (or the wrong thing) without the page's code. */
const HELD_CONTROLS = 'button, [role="button"], [role="tab"], [role="switch"], input[type="checkbox"], input[type="radio"], label';

const boot = document.querySelector<HTMLScriptElement>('script[data-entry]');

/** The image the server marked as the page's largest (fetchpriority="high"), loaded or failed. */
function largestImageSettled(): Promise<void> {
  const image = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
  if (!image || image.complete) return Promise.resolve();
  return new Promise((resolve) => {
    image.addEventListener('load', () => resolve(), { once: true });
    image.addEventListener('error', () => resolve(), { once: true });
    setTimeout(resolve, LARGEST_IMAGE_WAIT_MS);
  });
}

/**
 * Once the page's first contentful paint is out (a tab in the background paints nothing: at once
 * there). Watched through the paint timeline, not a timer or a frame callback: those are what a
 * paused clock (the browser tests' fake timers) would hold.
 */
function painted(): Promise<void> {
  if (document.visibilityState === 'hidden' || typeof PerformanceObserver !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    document.addEventListener('visibilitychange', () => resolve(), { once: true });
  });
}

function preloadModule(href: string): void {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}

/** Holds clicks on the page's controls until it has hydrated, then makes them again, in order. */
function holdClicksUntilHydrated(root: HTMLElement): void {
  const held: HTMLElement[] = [];
  const hold = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(HELD_CONTROLS) : null;
    if (!control || !root.contains(control)) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(control);
  };
  document.addEventListener('click', hold, true);
  document.addEventListener(
    HYDRATED_EVENT,
    () => {
      document.removeEventListener('click', hold, true);
      for (const control of held) if (control.isConnected) control.click();
    },
    { once: true },
  );
}

/**
 * React Router numbers the history entry a page was opened at (`idx` in history.state) when it
 * makes its history, with history.replaceState: a call to the browser's own process that took
 * 1–14 ms (measured), in hydration's first pass. Made here beforehand, in a task of its own, it
 * is not; the router then finds the entry numbered as it would have numbered it.
 */
function numberHistoryEntry(): void {
  const state: unknown = history.state;
  if (state !== null && typeof state === 'object' && 'idx' in state) return;
  history.replaceState({ ...(state as object | null), idx: 0 }, '');
}

async function start(entry: string, chunks: string[]): Promise<void> {
  await largestImageSettled();
  await painted();
  setTimeout(numberHistoryEntry);
  for (const chunk of chunks) preloadModule(chunk);
  await import(/* @vite-ignore */ entry);
}

const root = document.getElementById('root');
if (boot?.dataset.entry && root) {
  holdClicksUntilHydrated(root);
  void start(boot.dataset.entry, (boot.dataset.chunks ?? '').split(' ').filter(Boolean));
}
