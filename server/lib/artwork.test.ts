// The demo artwork (npm run seed:demo): the same seed draws the same picture, the kinds and the
// seeds draw different pictures, and each is a drawing with edges, not blurred colour blobs.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ARTWORK_KINDS, ARTWORK_SIZE, drawArtwork, type TArtworkKind } from './artwork';

/** Greyscale pixels at 400×300 (card size). */
async function grey(image: Buffer): Promise<Uint8Array> {
  return new Uint8Array(await sharp(image).resize(400, 300).greyscale().raw().toBuffer());
}

/**
 * The share of pixels on a sharp edge: the grey step to the right neighbour plus the one below
 * over 40 (of 255). Flat shapes with crisp outlines score a few percent; blurred blobs almost none.
 */
async function edgeShare(image: Buffer): Promise<number> {
  const pixels = await grey(image);
  let edges = 0;
  for (let y = 0; y < 299; y += 1) {
    for (let x = 0; x < 399; x += 1) {
      const i = y * 400 + x;
      if (Math.abs(pixels[i]! - pixels[i + 1]!) + Math.abs(pixels[i]! - pixels[i + 400]!) > 40) edges += 1;
    }
  }
  return edges / (400 * 300);
}

/** Mean absolute difference of two images' grey pixels at card size (0–255). */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const [first, second] = await Promise.all([grey(a), grey(b)]);
  let sum = 0;
  for (let i = 0; i < first.length; i += 1) sum += Math.abs(first[i]! - second[i]!);
  return sum / first.length;
}

const EDGE_SHARE_MIN = 0.006;
const SEEDS = [1, 2, 3, 4, 5, 6];

describe('drawArtwork', () => {
  it('draws a 1200×900 JPEG, the same picture for the same seed and kind', async () => {
    const [first, again] = await Promise.all([drawArtwork(7, 'landscape'), drawArtwork(7, 'landscape')]);
    expect(first.equals(again)).toBe(true);
    const metadata = await sharp(first).metadata();
    expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({ format: 'jpeg', ...ARTWORK_SIZE });
  });

  it('draws different pictures for each kind and each seed', async () => {
    const byKind = await Promise.all(ARTWORK_KINDS.map((kind) => drawArtwork(3, kind)));
    for (let a = 0; a < byKind.length; a += 1) for (let b = a + 1; b < byKind.length; b += 1) expect(await difference(byKind[a]!, byKind[b]!)).toBeGreaterThan(20);
    for (const kind of ARTWORK_KINDS) expect(await difference(await drawArtwork(1, kind), await drawArtwork(2, kind))).toBeGreaterThan(8);
  });

  it('chooses a kind from the seed when none is given, cycling through all three', async () => {
    const drawn = await Promise.all([0, 1, 2].map((seed) => drawArtwork(seed)));
    const expected = await Promise.all([0, 1, 2].map((seed) => drawArtwork(seed, ARTWORK_KINDS[seed] as TArtworkKind)));
    for (let i = 0; i < 3; i += 1) expect(drawn[i]!.equals(expected[i]!)).toBe(true);
  });

  it.each(ARTWORK_KINDS)('draws %s pictures with crisp edges, not blurred blobs', async (kind) => {
    for (const seed of SEEDS) {
      const image = await drawArtwork(seed, kind);
      expect(await edgeShare(image), `${kind} ${seed}`).toBeGreaterThan(EDGE_SHARE_MIN);
      // The measure tells a blurred picture apart: the same one blurred scores far lower.
      if (seed === 1) expect(await edgeShare(await sharp(image).blur(20).jpeg().toBuffer())).toBeLessThan(EDGE_SHARE_MIN / 3);
    }
  });
});
