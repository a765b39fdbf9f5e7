// Onboarding tour state (SPEC §4 'Tour'): auto-start for new members, restart from anywhere, per-member completed flag.
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { STORAGE_KEYS, TIMINGS } from '@shared/constants';
import { useCurrentUser } from '@/api/auth';
import { useHasBeenTrue } from '@/hooks/useHasBeenTrue';

// Most page loads never show the tour: its dialog (and its steps) load when it first opens.
const TourDialog = lazy(() => import('./TourDialog').then((module) => ({ default: module.TourDialog })));

interface TTourControls {
  /** Opens the tour at its first step, signed in or not. */
  start: () => void;
  /** Forgets that the current member finished the tour. */
  reset: () => void;
}

const TourContext = createContext<TTourControls | null>(null);

const completedKey = (userId: number): string => `${STORAGE_KEYS.onboardingCompletedPrefix}_${userId}`;

// Storage can throw (private modes, blocked site data); the tour then behaves as never completed.
function hasCompleted(userId: number): boolean {
  try {
    return window.localStorage.getItem(completedKey(userId)) === 'true';
  } catch {
    return false;
  }
}

function markCompleted(userId: number): void {
  try {
    window.localStorage.setItem(completedKey(userId), 'true');
  } catch {
    // Nowhere to remember it; the once-per-load guard still keeps it from reopening now.
  }
}

function clearCompleted(userId: number): void {
  try {
    window.localStorage.removeItem(completedKey(userId));
  } catch {
    // Nothing stored to clear.
  }
}

interface TTourState {
  open: boolean;
  stepIndex: number;
}

export function TourProvider({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  const firstName = user?.firstName || null;
  const [tour, setTour] = useState<TTourState>({ open: false, stepIndex: 0 });
  const dialogLoaded = useHasBeenTrue(tour.open);
  // Members already auto-started in this page load: signing out and back in must not replay it.
  const autoStarted = useRef(new Set<number>());

  useEffect(() => {
    if (userId === null || autoStarted.current.has(userId)) return;
    const timer = window.setTimeout(() => {
      autoStarted.current.add(userId);
      // Checked when the timer fires: the member may have finished a manually started tour meanwhile.
      if (hasCompleted(userId)) return;
      setTour((current) => (current.open ? current : { open: true, stepIndex: 0 }));
    }, TIMINGS.tourAutoStartDelay);
    return () => window.clearTimeout(timer);
  }, [userId]);

  const start = useCallback(() => setTour({ open: true, stepIndex: 0 }), []);

  const reset = useCallback(() => {
    if (userId !== null) clearCompleted(userId);
  }, [userId]);

  function finish() {
    if (userId !== null) markCompleted(userId);
    setTour((current) => ({ ...current, open: false }));
  }

  // Past the last step, the dialog finishes instead.
  function next() {
    setTour((current) => ({ ...current, stepIndex: current.stepIndex + 1 }));
  }

  function back() {
    setTour((current) => ({ ...current, stepIndex: Math.max(0, current.stepIndex - 1) }));
  }

  const controls = useMemo<TTourControls>(() => ({ start, reset }), [start, reset]);

  return (
    <TourContext.Provider value={controls}>
      {children}
      {dialogLoaded && (
        <Suspense fallback={null}>
          <TourDialog open={tour.open} firstName={firstName} stepIndex={tour.stepIndex} onBack={back} onNext={next} onDismiss={finish} />
        </Suspense>
      )}
    </TourContext.Provider>
  );
}

export function useTour(): TTourControls {
  const controls = useContext(TourContext);
  if (!controls) throw new Error('useTour must be used inside <TourProvider>');
  return controls;
}
