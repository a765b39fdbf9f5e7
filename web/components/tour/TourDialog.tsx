// The tour's modal card: a dimmed page with a spotlight on the step's target, and the card beside it.
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { placeTour } from './tour-placement';
import { buildTourSteps, type TTourStep } from './tour-steps';

interface TourDialogProps {
  open: boolean;
  /** The member's, for the welcome step; null for a visitor. */
  firstName: string | null;
  stepIndex: number;
  onBack: () => void;
  onNext: () => void;
  /** Skip, close button, Escape, a click outside and Next on the last step all end the tour the same way. */
  onDismiss: () => void;
}

interface TourLayerProps extends Omit<TourDialogProps, 'open' | 'firstName'> {
  step: TTourStep;
  stepCount: number;
}

export function TourDialog({ open, firstName, stepIndex, onNext, onDismiss, onBack }: TourDialogProps) {
  const steps = useMemo(() => buildTourSteps(firstName), [firstName]);
  const step = steps[stepIndex];
  if (!step) return null;
  const isLast = stepIndex === steps.length - 1;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onDismiss()}>
      <Dialog.Portal>
        <TourLayer step={step} stepIndex={stepIndex} stepCount={steps.length} onBack={onBack} onNext={isLast ? onDismiss : onNext} onDismiss={onDismiss} />
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The step's target when it is rendered and visible (a hidden header item has no box to point at). */
function findTarget(step: TTourStep): HTMLElement | null {
  if (step.position === 'center') return null;
  const element = document.querySelector<HTMLElement>(step.target);
  if (!element) return null;
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0 ? element : null;
}

function TourLayer({ step, stepIndex, stepCount, onBack, onNext, onDismiss }: TourLayerProps) {
  const cardRef = useRef<HTMLDivElement>(null);
  const spotlightRef = useRef<HTMLDivElement>(null);
  const isFirst = stepIndex === 0;
  const isLast = stepIndex === stepCount - 1;

  // Placed straight on the DOM before paint: the card's own size decides where it fits,
  // and re-rendering through state would first flash it in the wrong place.
  useLayoutEffect(() => {
    const card = cardRef.current;
    const spotlight = spotlightRef.current;
    if (!card || !spotlight) return;
    findTarget(step)?.scrollIntoView({ block: 'nearest' });

    const place = () => {
      // Looked up on every resize: the header swaps items in and out between its desktop and mobile layouts.
      const target = findTarget(step);
      const placement = placeTour(
        target?.getBoundingClientRect() ?? null,
        step.position,
        { width: card.offsetWidth, height: card.offsetHeight },
        { width: window.innerWidth, height: window.innerHeight },
      );
      card.style.top = `${placement.card.top}px`;
      card.style.left = `${placement.card.left}px`;
      spotlight.style.top = `${placement.spotlight.top}px`;
      spotlight.style.left = `${placement.spotlight.left}px`;
      spotlight.style.width = `${placement.spotlight.width}px`;
      spotlight.style.height = `${placement.spotlight.height}px`;
    };

    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [step]);

  function focusNext() {
    cardRef.current?.querySelector<HTMLButtonElement>('[data-tour-next]')?.focus();
  }

  function handleBack() {
    // Back disappears on the first step; keep focus inside the card instead of losing it.
    if (stepIndex === 1) focusNext();
    onBack();
  }

  return (
    <>
      <Dialog.Overlay className="fixed inset-0 z-50 transition-opacity duration-200 ease-out starting:opacity-0">
        <div
          ref={spotlightRef}
          aria-hidden
          className="absolute rounded-xl shadow-[0_0_0_9999px_rgb(15_15_20/0.55)] transition-all duration-200 ease-out"
        />
      </Dialog.Overlay>
      <Dialog.Content
        ref={cardRef}
        onOpenAutoFocus={(event) => {
          // Start on the main action rather than on the close button.
          event.preventDefault();
          focusNext();
        }}
        className="fixed z-50 w-[min(380px,calc(100vw-2rem))] rounded-2xl bg-white p-6 shadow-xl outline-none transition-[opacity,scale,top,left] duration-200 ease-out starting:scale-95 starting:opacity-0"
      >
        <div className="flex items-center justify-between gap-4">
          <p className="text-[13px] font-medium text-accent">
            Step {stepIndex + 1} of {stepCount}
          </p>
          <button
            type="button"
            aria-label="Close tour"
            onClick={onDismiss}
            className="-mr-2 -mt-1 rounded-md p-1.5 text-zinc-500 transition-colors duration-150 ease-out hover:bg-zinc-100 hover:text-ink"
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
        <Dialog.Title className="mt-2 text-xl font-semibold text-ink">{step.title}</Dialog.Title>
        <Dialog.Description className="mt-2 text-sm leading-6 text-zinc-600">{step.description}</Dialog.Description>
        {step.action && <p className="mt-3 rounded-lg bg-violet-50 px-3 py-2 text-[13px] text-accent">{step.action}</p>}

        <div className="mt-5 flex gap-1.5" aria-hidden>
          {Array.from({ length: stepCount }, (_, index) => (
            <span
              key={index}
              className={cn(
                'h-1.5 rounded-full transition-all duration-200 ease-out',
                index === stepIndex ? 'w-5 bg-accent' : 'w-1.5 bg-zinc-200',
              )}
            />
          ))}
        </div>

        <div className="mt-5 flex items-center justify-between gap-3">
          <button
            type="button"
            onClick={onDismiss}
            className="rounded-md text-[13px] font-medium text-zinc-500 underline-offset-2 transition-colors duration-150 ease-out hover:text-ink hover:underline"
          >
            Skip tour
          </button>
          <div className="flex gap-2">
            {!isFirst && (
              <Button variant="outline" size="sm" onClick={handleBack}>
                Back
              </Button>
            )}
            <Button size="sm" data-tour-next onClick={onNext}>
              {isLast ? 'Complete' : 'Next'}
            </Button>
          </div>
        </div>
      </Dialog.Content>
    </>
  );
}
