// Hydrating the server's markup, in parts. Preact (see vite.config.ts and react-on-preact.ts)
// hydrates a tree in one go: a whole page in one task kept the main thread busy for hundreds of
// ms on a phone (Lighthouse's total blocking time). Parts of a page wrapped in <HydrateLater>
// (web/components/page/HydrateLater.tsx) keep the server's DOM in the first pass and are
// hydrated afterwards, one part per task, in the order they were met (top of the page first).
// While any of it is drawn, what renders must match the server's HTML.

/** The event (and performance mark) of a server-rendered page whose every part has hydrated. */
const HYDRATED_EVENT = 'app:hydrated';

/** Drawing the server's markup now: the first pass, or one deferred part resuming. */
let hydrating = false;
/** Inside the first pass: parts met now wait for a task of their own. */
let firstPass = false;
const waitingParts: (() => void)[] = [];
let afterAll: (() => void)[] = [];
/** From the first pass until the last deferred part is hydrated. */
let pending = false;
/** When the part being hydrated now was released (for its performance measure). */
let partStarted: number | null = null;

// One task per step: a message is not clamped as a nested timer is. Made on first use, in the
// browser only (on the server an open port would keep the process alive).
const steps: (() => void)[] = [];
let channel: MessageChannel | undefined;
function inNextTask(step: () => void): void {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => steps.shift()?.();
  }
  steps.push(step);
  channel.port2.postMessage(null);
}

/**
 * A mark or measure on the performance timeline, for devtools and the browser tests. Never in the
 * way: a timeline that refuses one (a replaced `performance`, as under fake timers) changes nothing.
 */
function onTimeline(write: () => unknown): void {
  try {
    write();
  } catch {
    // Only the record is lost.
  }
}

/** On the server, or hydrating its markup: what renders must match the server's HTML. */
export function drawingServerMarkup(): boolean {
  return hydrating || typeof window === 'undefined';
}

/** Whether a part met now should keep the server's DOM and wait (<HydrateLater>). */
export function deferringHydration(): boolean {
  return firstPass;
}

/** A part that waits: its promise resolves in the task that hydrates it. */
export function waitForHydration(): Promise<void> {
  return new Promise((resolve) => waitingParts.push(resolve));
}

/** Runs once every part of the server's page is hydrated (at once when none is pending). */
export function afterHydration(callback: () => void): void {
  if (pending) afterAll.push(callback);
  else callback();
}

/**
 * Every part of the page is hydrated (or the client drew the page itself): said to the page
 * (web/boot.ts makes again the clicks it held), on the root (`data-hydrated`, which the browser
 * tests wait for) and on the performance timeline.
 */
export function announceHydrated(): void {
  document.getElementById('root')?.setAttribute('data-hydrated', '');
  onTimeline(() => performance.mark(HYDRATED_EVENT));
  document.dispatchEvent(new Event(HYDRATED_EVENT));
}

/** A deferred part has drawn the server's markup (its layout effect): the browser's own state from now on. */
export function partHydrated(): void {
  const started = partStarted;
  if (started !== null) onTimeline(() => performance.measure('hydration: a deferred part', { start: started }));
  partStarted = null;
  hydrating = false;
}

/**
 * Hydrates the server's markup: the first pass in a task of its own (not behind the evaluation
 * of the code that asks for it), then each deferred part in a task of its own. A part's promise
 * resolving re-renders it (Preact's Suspense) in that task's microtasks; its layout effect lowers
 * the flag before any effect of that render runs (those wait for a task of their own,
 * react-on-preact.ts), so effects see the browser's own state.
 */
export function hydrateServerMarkup(hydrate: () => void): void {
  pending = true;
  inNextTask(() => {
    hydrating = firstPass = true;
    const started = performance.now();
    try {
      hydrate();
    } finally {
      hydrating = firstPass = false;
      // In the browser's performance timeline (devtools, the browser tests): what each task cost.
      onTimeline(() => performance.measure('hydration: first pass', { start: started }));
    }
    inNextTask(hydrateNextPart);
  });
}

function hydrateNextPart(): void {
  // At the latest here: a part unmounted before its turn never drew.
  hydrating = false;
  const part = waitingParts.shift();
  if (part) {
    hydrating = true;
    partStarted = performance.now();
    part();
    inNextTask(hydrateNextPart);
    return;
  }
  pending = false;
  announceHydrated();
  const callbacks = afterAll;
  afterAll = [];
  for (const callback of callbacks) callback();
}
