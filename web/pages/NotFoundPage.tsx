import confetti from 'canvas-confetti';
import { House, Lightbulb, Search, Sparkles, Upload, type LucideIcon } from 'lucide-react';
import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { CONFETTI_CLICKS, CONFETTI_HINT_CLICKS, TIMINGS } from '@shared/constants';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { useKonamiCode } from '@/hooks/useKonamiCode';
import { cn } from '@/lib/cn';

const JOKES = [
  "Our AI generated this page. It's still working on the content part.",
  'This page went off to collect more training data and never came back.',
  "We asked a model to find this page. It confidently described one that doesn't exist.",
  'This layout was so minimalist that even the pixels left.',
  "Even the best prompt can't render a page that isn't there.",
] as const;

const FUN_FACT =
  'The term "artificial intelligence" was coined in 1955, in the proposal for a summer research workshop at Dartmouth College.';

interface TDestination {
  to: string;
  title: string;
  description: string;
  Icon: LucideIcon;
}

const DESTINATIONS: readonly TDestination[] = [
  { to: '/', title: 'Go Home', description: 'Back to the gallery of top AI work.', Icon: House },
  { to: '/search', title: 'Search Projects', description: 'Find the work you were looking for.', Icon: Search },
  { to: '/upload', title: 'Share Your Work', description: 'Upload your latest AI creation.', Icon: Upload },
];

/** How often a new confetti burst starts; bursts stop early enough for the last pieces to land in time. */
const CONFETTI_BURST_EVERY_MS = 250;
const CONFETTI_FALL_MS = 2000;
const MAGIC_HUE_CYCLE_MS = 3000;

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function subscribeToReducedMotion(onChange: () => void): () => void {
  const media = window.matchMedia(REDUCED_MOTION_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => window.matchMedia(REDUCED_MOTION_QUERY).matches,
    () => false,
  );
}

function pickJoke(): string {
  return JOKES[Math.floor(Math.random() * JOKES.length)] ?? JOKES[0];
}

export default function NotFoundPage() {
  // Chosen once per visit so the line does not change on every re-render.
  const [joke] = useState(pickJoke);
  const [clicks, setClicks] = useState(0);
  // A serial rather than a flag: a new celebration or magic run restarts its timer.
  const [celebration, setCelebration] = useState<number | null>(null);
  const [magicRun, setMagicRun] = useState<number | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const pageRef = useRef<HTMLDivElement>(null);

  const celebrating = celebration !== null;
  const magic = magicRun !== null;

  useDocumentTitle('Page Not Found', "The page you're looking for doesn't exist. Head home, search projects or share your work.");

  useKonamiCode(() => setMagicRun((run) => (run ?? 0) + 1));

  // Layout effects, so each timer starts in the commit that shows its message: a passive effect
  // could run a moment later and keep the message up longer than its stated time.
  useLayoutEffect(() => {
    if (celebration === null) return;
    const end = window.setTimeout(() => setCelebration(null), TIMINGS.confettiDuration);
    const canvas = canvasRef.current;
    if (!canvas) return () => window.clearTimeout(end);

    // No worker: a strict CSP does not allow the blob: worker the library would spawn.
    const shoot = confetti.create(canvas, { resize: true, useWorker: false });
    const stopBurstsAt = Date.now() + TIMINGS.confettiDuration - CONFETTI_FALL_MS;
    const burst = () =>
      void shoot({
        particleCount: 40,
        spread: 70,
        startVelocity: 35,
        ticks: 120,
        origin: { x: 0.15 + Math.random() * 0.7, y: 0.2 + Math.random() * 0.3 },
        colors: ['#6d28d9', '#a78bfa', '#f472b6', '#facc15', '#38bdf8'],
      });
    burst();
    const bursts = window.setInterval(() => {
      if (Date.now() < stopBurstsAt) burst();
    }, CONFETTI_BURST_EVERY_MS);
    return () => {
      window.clearTimeout(end);
      window.clearInterval(bursts);
      shoot.reset();
    };
  }, [celebration]);

  useLayoutEffect(() => {
    if (magicRun === null) return;
    const end = window.setTimeout(() => setMagicRun(null), TIMINGS.konamiDuration);
    const page = pageRef.current;
    const animation =
      page && !reducedMotion
        ? page.animate([{ filter: 'hue-rotate(0deg)' }, { filter: 'hue-rotate(360deg)' }], {
            duration: MAGIC_HUE_CYCLE_MS,
            iterations: Infinity,
          })
        : null;
    return () => {
      window.clearTimeout(end);
      animation?.cancel();
    };
  }, [magicRun, reducedMotion]);

  function handleDigitsClick() {
    const next = clicks + 1;
    if (next >= CONFETTI_CLICKS) {
      setClicks(0);
      setCelebration((run) => (run ?? 0) + 1);
    } else {
      setClicks(next);
    }
  }

  const status = celebrating ? 'You found it! Enjoy the confetti.' : clicks >= CONFETTI_HINT_CLICKS ? 'Keep clicking...' : '';

  return (
    <>
      <div
        ref={pageRef}
        className={cn(
          'flex-1 px-4 py-16 transition-colors duration-200 ease-out sm:px-8 sm:py-24',
          magic && 'bg-linear-to-br from-fuchsia-100 via-amber-50 to-sky-100',
        )}
      >
        <div className="mx-auto flex max-w-3xl flex-col items-center text-center">
          <button
            type="button"
            onClick={handleDigitsClick}
            className={cn(
              'cursor-pointer select-none rounded-2xl px-4 text-[120px] font-bold leading-none tracking-tight transition-transform duration-150 ease-out active:scale-95 sm:text-[160px]',
              magic ? 'bg-linear-to-r from-fuchsia-500 via-amber-400 to-sky-500 bg-clip-text text-transparent' : 'text-accent',
            )}
          >
            404
          </button>
          <p role="status" className="mt-2 min-h-5 text-[13px] font-medium text-accent">
            {status}
          </p>
          <h1 className="mt-4 text-3xl font-semibold text-ink">Oops! Page Not Found</h1>
          <p className="mt-3 max-w-xl text-base text-zinc-600">{joke}</p>

          <nav aria-label="Where to next" className="mt-10 grid w-full gap-4 sm:grid-cols-3">
            {DESTINATIONS.map(({ to, title, description, Icon }) => (
              <Link
                key={to}
                to={to}
                className="group flex flex-col items-start gap-3 rounded-xl border border-zinc-200 bg-white p-5 text-left transition duration-200 ease-out hover:border-zinc-300 hover:shadow-md"
              >
                <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-violet-50 text-accent transition-colors duration-150 ease-out group-hover:bg-accent group-hover:text-white">
                  <Icon className="h-5 w-5" aria-hidden />
                </span>
                <span className="text-[15px] font-medium text-ink">{title}</span>
                <span className="text-[13px] text-zinc-600">{description}</span>
              </Link>
            ))}
          </nav>

          <aside aria-labelledby="fun-fact-title" className="mt-10 flex w-full gap-3 rounded-xl bg-zinc-50 p-5 text-left">
            <Lightbulb className="mt-0.5 h-5 w-5 shrink-0 text-amber-500" aria-hidden />
            <div>
              <h2 id="fun-fact-title" className="text-sm font-semibold text-ink">
                Fun fact
              </h2>
              <p className="mt-1 text-sm text-zinc-600">{FUN_FACT}</p>
            </div>
          </aside>
        </div>
      </div>
      {/* Outside the page wrapper, whose magic-mode filter would pin fixed layers to it. The label is fixed
          because the Konami arrows scroll the page, and always rendered so screen readers hear it turn on. */}
      <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-6 z-40 flex justify-center">
        {magic && (
          <p className="inline-flex h-9 items-center gap-2 rounded-full bg-accent px-4 text-sm font-medium text-white shadow-lg transition duration-200 ease-out starting:translate-y-2 starting:opacity-0">
            <Sparkles className="h-4 w-4" aria-hidden />
            Magic mode
          </p>
        )}
      </div>
      {celebrating && !reducedMotion && (
        <canvas ref={canvasRef} data-confetti aria-hidden className="pointer-events-none fixed inset-0 z-50 h-full w-full" />
      )}
    </>
  );
}
