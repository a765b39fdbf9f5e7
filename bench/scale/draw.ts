// Seeded draws for the scale seed: uniform picks, Zipf-like popularity, and exact integer
// shares of a total. One seed gives one dataset, run after run.
import { seededRandom } from '../../server/lib/seeded-random';

export type TDraw = ReturnType<typeof createDraw>;

export function createDraw(seed: number) {
  const next = seededRandom(seed);
  return {
    next,
    /** An integer in [0, n). */
    int: (n: number) => Math.floor(next() * n),
    /** An integer in [min, max]. */
    between: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    pick<T>(list: readonly T[]): T {
      return list[Math.floor(next() * list.length)]!;
    },
  };
}

/** Picks indexes in proportion to their weights (binary search over running totals). */
export class WeightedPicker {
  private readonly totals: Float64Array;

  constructor(weights: ArrayLike<number>) {
    this.totals = new Float64Array(weights.length);
    let sum = 0;
    for (let i = 0; i < weights.length; i += 1) {
      sum += weights[i]!;
      this.totals[i] = sum;
    }
  }

  /** An index among the first `limit` (all by default), given a uniform number in [0, 1). */
  pick(uniform: number, limit = this.totals.length): number {
    const target = uniform * this.totals[limit - 1]!;
    let low = 0;
    let high = limit - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.totals[middle]! > target) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}

/** Zipf weights 1/rank^exponent, the ranks shuffled so popularity does not follow position. */
export function zipfWeights(draw: TDraw, count: number, exponent: number): Float64Array {
  const ranks = Int32Array.from({ length: count }, (_, i) => i + 1);
  for (let i = count - 1; i > 0; i -= 1) {
    const j = draw.int(i + 1);
    [ranks[i], ranks[j]] = [ranks[j]!, ranks[i]!];
  }
  return Float64Array.from(ranks, (rank) => rank ** -exponent);
}

/** Zipf weights over a list already ordered most popular first. */
export function rankedWeights(count: number, exponent: number): Float64Array {
  return Float64Array.from({ length: count }, (_, i) => (i + 1) ** -exponent);
}

/**
 * Splits `total` into whole shares proportional to the weights, none above `cap`, summing
 * to exactly `total` (the caller makes sure total ≤ cap × number of positive weights).
 * Shares that would pass the cap are fixed at it and the rest is spread over the others.
 */
export function shareOut(total: number, weights: ArrayLike<number>, cap: number): Int32Array {
  const shares = new Int32Array(weights.length);
  let open = Array.from({ length: weights.length }, (_, i) => i).filter((i) => weights[i]! > 0);
  let remaining = total;
  for (;;) {
    const weight = open.reduce((sum, i) => sum + weights[i]!, 0);
    const capped = open.filter((i) => (remaining * weights[i]!) / weight >= cap);
    if (!capped.length) {
      const ideal = open.map((i) => (remaining * weights[i]!) / weight);
      open.forEach((i, k) => (shares[i] = Math.floor(ideal[k]!)));
      const leftover = remaining - open.reduce((sum, i) => sum + shares[i]!, 0);
      // Largest remainders first: each gets one more, never passing the cap (its ideal was below it).
      const byRemainder = open.map((i, k) => [i, ideal[k]! - shares[i]!] as const).sort((a, b) => b[1] - a[1] || a[0] - b[0]);
      for (let k = 0; k < leftover; k += 1) {
        const i = byRemainder[k]![0];
        shares[i] = shares[i]! + 1;
      }
      return shares;
    }
    for (const i of capped) shares[i] = cap;
    remaining -= capped.length * cap;
    const cappedSet = new Set(capped);
    open = open.filter((i) => !cappedSet.has(i));
    if (!open.length) return shares;
  }
}

/** `count` items of `items` chosen uniformly without repeats (a partial Fisher–Yates shuffle, in place). */
export function partialShuffle(draw: TDraw, items: Int32Array, count: number): number[] {
  for (let i = 0; i < count; i += 1) {
    const j = i + draw.int(items.length - i);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return Array.from(items.subarray(0, count));
}

/**
 * `count` distinct integers in [0, n). Small samples draw from `skewed` and retry repeats;
 * large ones (where retries would pile up) are a uniform partial shuffle of `scratch`, which
 * holds the integers [0, n) in any order.
 */
export function distinctSample(draw: TDraw, n: number, count: number, skewed: () => number, scratch: Int32Array): number[] {
  if (count * 4 <= n) {
    const chosen = new Set<number>();
    while (chosen.size < count) chosen.add(skewed());
    return [...chosen];
  }
  return partialShuffle(draw, scratch, count);
}
