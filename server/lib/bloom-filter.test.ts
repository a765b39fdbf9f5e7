import { describe, expect, it } from 'vitest';
import { createBloomFilter } from './bloom-filter';

describe('the Bloom filter', () => {
  it('never says "never" of a string it was given', () => {
    const filter = createBloomFilter({ bitsLog2: 16 });
    const keys = Array.from({ length: 5_000 }, (_, index) => `${index * 7919}:v:${index.toString(36)}`);
    for (const key of keys) filter.add(key);
    expect(keys.every((key) => filter.mightHave(key))).toBe(true);
  });

  it('says "never" of nearly every string it was not given, at its designed load', () => {
    // 2^20 bits for 62,500 strings: the same load as the default 2^23 bits for 500,000 views.
    const filter = createBloomFilter({ bitsLog2: 20 });
    for (let index = 0; index < 62_500; index += 1) filter.add(`${index}:u:${index}`);
    let falseMaybes = 0;
    for (let index = 0; index < 100_000; index += 1) if (filter.mightHave(`${index}:u:${index + 1}`)) falseMaybes += 1;
    // Expected about 0.05 %; a broken hash (one position, say) would give tens of percent.
    expect(falseMaybes / 100_000).toBeLessThan(0.005);
  });

  it('says "never" of everything while empty', () => {
    const filter = createBloomFilter({ bitsLog2: 10 });
    expect(['', 'a', '1:u:1'].some((key) => filter.mightHave(key))).toBe(false);
  });
});
