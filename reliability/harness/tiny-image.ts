// A small real image for uploads: decoding and resizing it is quick, so seeding and crash runs
// spend their time on what they test, not on image processing.
import sharp from 'sharp';
import type { TUploadFile } from '../../e2e/api-client';

/** A 96×64 PNG in a colour picked from `seed`, named `tiny-<seed>.png`. */
export async function tinyPng(seed = 0): Promise<TUploadFile> {
  const background = { r: (seed * 67) % 256, g: (seed * 131) % 256, b: (seed * 197) % 256 };
  const bytes = await sharp({ create: { width: 96, height: 64, channels: 3, background } }).png().toBuffer();
  return { name: `tiny-${seed}.png`, bytes };
}
