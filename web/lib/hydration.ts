// Hydrating the server's markup, in parts. Preact (see vite.config.ts and react-on-preact.ts)
// hydrates a tree in one go: a whole page in one task kept the main thread busy for hundreds of
// ms on a phone (Lighthouse's total blocking time). Parts of a page wrapped in <HydrateLater>
// (web/components/page/HydrateLater.tsx) keep the server's DOM in the first pass and are
// hydrated afterwards, one part per task, in the order they were met (top of the page first).
// Parts marked `whenNear` (cards, further media, the footer) that are more than a screen away
// from the viewport wait until they come near, or until a pointer, the focus or a click reaches
// them: a long gallery hydrates what is seen, not every card on a phone that only reads the top.
// While any of it is drawn, what renders must match the server's HTML.

/** The event (and performance mark) of a server-rendered page whose every part has hydrated. */
const HYDRATED_EVENT = 'app:hydrated';

/** How far beyond the viewport (above and below) a `whenNear` part hydrates with the page: a screen. */
const NEAR_MARGIN = '100% 0px';
/** Controls and links: a click on one in a part still waiting is held until the part has hydrated. */
const CLICKABLE = 'a[href], button, [role="button"], [role="tab"], [role="switch"], input, label, summary';
/** What marks a part's element in the server's HTML (HydrateLater.tsx): "near" for a `whenNear` part. */
export const PART_ATTRIBUTE = 'data-part';

interface TPart {
  resume: () => void;
  /** Its wrapper in the page (display: contents), once paired with it after the first pass. */
  element?: Element;
  done: boolean;
}

/** Drawing the server's markup now: the first pass, or one deferred part resuming. */
let hydrating = false;
/** Inside the first pass: parts met now wait for a task of their own. */
let firstPass = false;
/** Parts met in the first pass, in order, until they are queued or parked. */
const metParts: TPart[] = [];
/** Parts to hydrate, one per task, in order. */
const queue: TPart[] = [];
/** `whenNear` parts far from the viewport: hydrated when they come near or are reached. */
const parked = new Map<Element, TPart>();
let nearWatcher: IntersectionObserver | undefined;
/** A task to hydrate the next queued part is on its way. */
let stepping = false;
/** Clicks on a waiting part's links and controls, made again once it has hydrated. */
const heldClicks: { part: TPart; control: Element }[] = [];
/** Callbacks waiting for every part of the page to have hydrated (afterHydration). */
let afterAll: (() => void)[] = [];
/** From the first pass until every part not parked is hydrated. */
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
  return new Promise((resolve) => metParts.push({ resume: resolve, done: false }));
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
    queueOrPark(metParts.splice(0));
    stepping = true;
    inNextTask(hydrateNextPart);
  });
}

/**
 * The page's top-level part wrappers in document order: the order the first pass met the parts
 * in (a part inside another is met only when that one hydrates).
 */
function topLevelPartElements(): Element[] {
  const all = document.querySelectorAll(`#root [${PART_ATTRIBUTE}]`);
  return [...all].filter((element) => !element.parentElement?.closest(`[${PART_ATTRIBUTE}]`));
}

/** Within a screen of the viewport: judged by the part's own boxes (its wrapper has none). */
function nearViewport(element: Element): boolean {
  const screen = window.innerHeight;
  for (const child of element.children) {
    const { top, bottom } = child.getBoundingClientRect();
    if (bottom >= -screen && top <= 2 * screen) return true;
  }
  return element.children.length === 0;
}

/** After the first pass: every part is queued, but `whenNear` ones far from the viewport wait. */
function queueOrPark(parts: TPart[]): void {
  const elements = topLevelPartElements();
  // Paired by order; should the page and the parts ever disagree, nothing waits.
  const paired = elements.length === parts.length;
  for (const [index, part] of parts.entries()) {
    const element = paired ? elements[index] : undefined;
    part.element = element;
    if (element?.getAttribute(PART_ATTRIBUTE) === 'near' && typeof IntersectionObserver === 'function' && !nearViewport(element)) park(part, element);
    else queue.push(part);
  }
}

function park(part: TPart, element: Element): void {
  if (!nearWatcher) {
    nearWatcher = new IntersectionObserver((entries) => {
      // Observed are the wrapper's children: the wrapper (display: contents) has no box.
      for (const entry of entries) if (entry.isIntersecting) unpark(entry.target.parentElement);
    }, { rootMargin: NEAR_MARGIN });
    listenForReach();
  }
  parked.set(element, part);
  for (const child of element.children) nearWatcher.observe(child);
}

/** A parked part (by its wrapper) joins the queue: at its front when someone has reached for it. */
function unpark(element: Element | null, first = false): void {
  const part = element ? parked.get(element) : undefined;
  if (!part || !element) return;
  parked.delete(element);
  for (const child of element.children) nearWatcher?.unobserve(child);
  if (first) queue.unshift(part);
  else queue.push(part);
  if (!stepping) {
    stepping = true;
    inNextTask(hydrateNextPart);
  }
}

/** The part (queued or parked, not yet hydrated) a node is in, through any parts nested in it. */
function waitingPartOf(node: EventTarget | null): TPart | undefined {
  let element = node instanceof Element ? node.closest(`[${PART_ATTRIBUTE}]`) : null;
  for (; element; element = element.parentElement?.closest(`[${PART_ATTRIBUTE}]`) ?? null) {
    const part = parked.get(element) ?? queue.find((queued) => queued.element === element);
    if (part) return part;
  }
  return undefined;
}

/**
 * A pointer or the focus reaching a part that waits hydrates it next. A click on one of its
 * links or controls is held and made again once it has hydrated (the link then navigates
 * within the app, the button has its handler): no dead button, no full page load.
 */
function listenForReach(): void {
  const reach = (event: Event) => {
    const part = waitingPartOf(event.target);
    if (part?.element && parked.has(part.element)) unpark(part.element, true);
  };
  document.addEventListener('pointerdown', reach, { capture: true, passive: true });
  document.addEventListener('focusin', reach, { capture: true });
  document.addEventListener(
    'click',
    (event) => {
      // Already held by web/boot.ts until the whole page has hydrated: made again from there.
      if (event.defaultPrevented) return;
      const part = waitingPartOf(event.target);
      const clicked = event.target instanceof Element ? event.target.closest(CLICKABLE) : null;
      if (!part || !clicked || !part.element) return;
      event.preventDefault();
      event.stopPropagation();
      unpark(part.element, true);
      heldClicks.push({ part, control: clicked });
    },
    { capture: true },
  );
}


/** Makes again the clicks held for parts that have now hydrated. */
function replayHeldClicks(): void {
  for (const held of heldClicks.filter(({ part }) => part.done)) {
    heldClicks.splice(heldClicks.indexOf(held), 1);
    if (held.control.isConnected && held.control instanceof HTMLElement) held.control.click();
  }
}

function hydrateNextPart(): void {
  // At the latest here: a part unmounted before its turn never drew.
  hydrating = false;
  replayHeldClicks();
  const part = queue.shift();
  if (part) {
    hydrating = true;
    partStarted = performance.now();
    part.done = true;
    part.resume();
    inNextTask(hydrateNextPart);
    return;
  }
  stepping = false;
  if (!pending) return;
  pending = false;
  announceHydrated();
  const callbacks = afterAll;
  afterAll = [];
  for (const callback of callbacks) callback();
}
