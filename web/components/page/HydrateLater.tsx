import { Suspense, useLayoutEffect, useState, type ReactNode } from 'react';
import { deferringHydration, PART_ATTRIBUTE, partHydrated, waitForHydration } from '@/lib/hydration';

interface HydrateLaterProps {
  children: ReactNode;
  /**
   * More than a screen away from the viewport, it waits until it comes near or a pointer, the
   * focus or a click reaches it (a card, a further image, the footer). Not for parts with form
   * fields: what is typed before a part hydrates is not in its state.
   */
  whenNear?: boolean;
}

/**
 * A part of a server-rendered page hydrated after the rest, in a task of its own
 * (web/lib/hydration.ts): below-the-fold or repeated parts (cards, the footer) so that no single
 * task hydrates the whole page. Until then its server HTML stays as it is (links work as plain
 * links). Rendered in the browser any other way, it draws at once. The wrapper is
 * `display: contents`: it keeps the part one DOM node (what Preact keeps while a part waits)
 * without changing the layout.
 */
export function HydrateLater({ children, whenNear = false }: HydrateLaterProps) {
  // The part's turn, while it waits for it. Kept here (this component draws in the first pass
  // like any other): should the page above the part draw again meanwhile (the viewer becoming
  // known, say), the gate throws the same promise again and the part keeps waiting with the
  // server's DOM, instead of drawing at once, out of its turn.
  const [turn] = useState(awaitTurn);
  return (
    <Suspense fallback={null}>
      <HydrationGate turn={turn} whenNear={whenNear}>
        {children}
      </HydrationGate>
    </Suspense>
  );
}

/** While the part waits for its turn: the promise its gate throws. */
interface TTurn {
  waiting: Promise<void> | null;
}

function awaitTurn(): TTurn {
  const turn: TTurn = { waiting: null };
  if (deferringHydration()) {
    turn.waiting = waitForHydration().then(() => {
      turn.waiting = null;
    });
  }
  return turn;
}

interface HydrationGateProps extends Required<HydrateLaterProps> {
  turn: TTurn;
}

function HydrationGate({ children, whenNear, turn }: HydrationGateProps) {
  // Thrown before any hook: Preact's Suspense keeps the server's DOM of a part that suspends
  // while hydrating, and hydrates it when the promise resolves.
  if (turn.waiting) throw turn.waiting;
  // A parent's layout effect runs after its children's: the part has drawn what the server drew.
  useLayoutEffect(partHydrated, []);
  // The attribute pairs the wrapper with its part after the first pass (lib/hydration.ts).
  return (
    <div className="contents" {...{ [PART_ATTRIBUTE]: whenNear ? 'near' : '' }}>
      {children}
    </div>
  );
}
