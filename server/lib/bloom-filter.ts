// A Bloom filter over strings: a fixed bit array that answers "certainly never added" or "maybe
// added". It never forgets what was added (no false "never"), and a "maybe" for a string never
// added grows likelier as it fills: with the default size, about 1 in 2,000 at 500,000 strings,
// 1 in 50 at 1,000,000. Small enough to write here (two FNV-1a hashes, combined as
// Kirsch–Mitzenmacher double hashing); the packages on npm bring their own hashing and
// serialization stacks for this.

export interface TBloomFilter {
  add(key: string): void;
  /** False only for a string never added; true for every added one and, rarely, for others. */
  mightHave(key: string): boolean;
}

const FNV_PRIME = 0x01000193;

/** FNV-1a over the string's UTF-16 code units, from a given offset basis. */
function fnv1a(key: string, basis: number): number {
  let hash = basis;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

/** `bitsLog2`: the array holds 2^bitsLog2 bits (default 2^23: 1 MiB). */
export function createBloomFilter({ bitsLog2 = 23, hashes = 7 }: { bitsLog2?: number; hashes?: number } = {}): TBloomFilter {
  const mask = 2 ** bitsLog2 - 1;
  const words = new Uint32Array(Math.ceil(2 ** bitsLog2 / 32));
  // The positions of a key: h1 + i·h2; h2 made odd so that it walks every bit of a power-of-two array.
  const positions = (key: string, visit: (bit: number) => boolean): boolean => {
    const first = fnv1a(key, 0x811c9dc5);
    const step = fnv1a(key, 0x050c5d1f) | 1;
    for (let index = 0; index < hashes; index += 1) {
      if (!visit((first + Math.imul(index, step)) & mask)) return false;
    }
    return true;
  };
  return {
    add(key) {
      positions(key, (bit) => {
        const word = bit >>> 5;
        words[word] = (words[word] ?? 0) | (1 << (bit & 31));
        return true;
      });
    },
    mightHave: (key) => positions(key, (bit) => ((words[bit >>> 5] ?? 0) & (1 << (bit & 31))) !== 0),
  };
}
