import { describe, expect, it } from 'vitest';
import { placeTour } from './tour-placement';

const viewport = { width: 1280, height: 800 };
const card = { width: 380, height: 240 };

describe('placeTour', () => {
  it('centres the card and highlights nothing for a centre step or a missing target', () => {
    const expected = { card: { top: 280, left: 450 }, spotlight: { top: 400, left: 640, width: 0, height: 0 } };
    expect(placeTour(null, 'bottom', card, viewport)).toEqual(expected);
    expect(placeTour({ top: 10, left: 10, width: 50, height: 40 }, 'center', card, viewport)).toEqual(expected);
  });

  it('puts the card under a header item, centred on it, with the spotlight around it', () => {
    const placement = placeTour({ top: 12, left: 456, width: 448, height: 40 }, 'bottom', card, viewport);
    expect(placement.spotlight).toEqual({ top: 6, left: 450, width: 460, height: 52 });
    expect(placement.card).toEqual({ top: 70, left: 490 });
  });

  it('keeps the card inside the screen next to an item at the edge', () => {
    const placement = placeTour({ top: 12, left: 1208, width: 40, height: 40 }, 'bottom', card, viewport);
    expect(placement.card.left).toBe(1280 - 380 - 16);
  });

  it('flips to the other side when the requested one has no room', () => {
    const placement = placeTour({ top: 12, left: 456, width: 448, height: 40 }, 'top', card, viewport);
    expect(placement.card.top).toBe(70);
  });

  it('falls back to the centre, keeping the spotlight, when neither side has room', () => {
    const placement = placeTour({ top: 100, left: 32, width: 1216, height: 600 }, 'top', card, viewport);
    expect(placement.card).toEqual({ top: 280, left: 450 });
    expect(placement.spotlight.height).toBe(612);
  });
});
