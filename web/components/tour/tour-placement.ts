// Where the tour card and its spotlight go for a step, in viewport pixels.
import type { TTourPosition } from './tour-steps';

export interface TBox {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface TSize {
  width: number;
  height: number;
}

export interface TTourPlacement {
  card: { top: number; left: number };
  /** The clear hole in the dimmed backdrop; zero-sized at the centre when nothing is highlighted. */
  spotlight: TBox;
}

const GAP = 12;
const VIEWPORT_MARGIN = 16;
const SPOTLIGHT_PADDING = 6;

const OPPOSITE: Record<Exclude<TTourPosition, 'center'>, Exclude<TTourPosition, 'center'>> = {
  top: 'bottom',
  bottom: 'top',
  left: 'right',
  right: 'left',
};

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, max));
}

/**
 * Puts the card on the requested side of the target, on the opposite side when that does not fit,
 * and in the middle of the screen when neither fits or there is no target to point at.
 */
export function placeTour(target: TBox | null, position: TTourPosition, card: TSize, viewport: TSize): TTourPlacement {
  const centre = {
    top: Math.max(VIEWPORT_MARGIN, (viewport.height - card.height) / 2),
    left: Math.max(VIEWPORT_MARGIN, (viewport.width - card.width) / 2),
  };
  if (!target || position === 'center') {
    return { card: centre, spotlight: { top: viewport.height / 2, left: viewport.width / 2, width: 0, height: 0 } };
  }

  const spotlight: TBox = {
    top: target.top - SPOTLIGHT_PADDING,
    left: target.left - SPOTLIGHT_PADDING,
    width: target.width + SPOTLIGHT_PADDING * 2,
    height: target.height + SPOTLIGHT_PADDING * 2,
  };
  const maxLeft = Math.max(VIEWPORT_MARGIN, viewport.width - card.width - VIEWPORT_MARGIN);
  const maxTop = Math.max(VIEWPORT_MARGIN, viewport.height - card.height - VIEWPORT_MARGIN);

  for (const side of [position, OPPOSITE[position]]) {
    if (side === 'top' || side === 'bottom') {
      const top = side === 'bottom' ? spotlight.top + spotlight.height + GAP : spotlight.top - GAP - card.height;
      if (top < VIEWPORT_MARGIN || top > maxTop) continue;
      const left = clamp(spotlight.left + spotlight.width / 2 - card.width / 2, VIEWPORT_MARGIN, maxLeft);
      return { card: { top, left }, spotlight };
    }
    const left = side === 'right' ? spotlight.left + spotlight.width + GAP : spotlight.left - GAP - card.width;
    if (left < VIEWPORT_MARGIN || left > maxLeft) continue;
    const top = clamp(spotlight.top + spotlight.height / 2 - card.height / 2, VIEWPORT_MARGIN, maxTop);
    return { card: { top, left }, spotlight };
  }
  return { card: centre, spotlight };
}
