// Abstract artwork drawn offline by sharp from a seed: blurred colour fields over a gradient
// and a horizon. Demo and scale seeds use it, so their galleries show real images.
import sharp from 'sharp';
import { seededRandom } from './seeded-random';

export const ARTWORK_SIZE = { width: 1600, height: 1200 } as const;

/** A 1600×1200 JPEG; the same seed draws the same picture. */
export async function drawArtwork(seed: number): Promise<Buffer> {
  const next = seededRandom(seed);
  const { width, height } = ARTWORK_SIZE;
  const hue = Math.floor(next() * 360);
  const color = (shift: number, lightness: number) => `hsl(${(hue + shift) % 360} 70% ${lightness}%)`;
  const circles = Array.from({ length: 7 }, () => {
    const r = 60 + next() * 260;
    return `<circle cx="${next() * width}" cy="${next() * height}" r="${r}" fill="${color(next() * 120, 40 + next() * 30)}" opacity="${0.35 + next() * 0.5}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color(0, 12)}"/><stop offset="1" stop-color="${color(200, 45)}"/></linearGradient>
    <filter id="blur"><feGaussianBlur stdDeviation="40"/></filter></defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/><g filter="url(#blur)">${circles}</g>
    <path d="M0 ${900 + next() * 200} Q 400 ${700 + next() * 300} 800 ${850 + next() * 200} T 1600 ${800 + next() * 250} V 1200 H 0 Z" fill="${color(40, 20)}" opacity="0.7"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 86 }).toBuffer();
}
