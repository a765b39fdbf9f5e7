// Artwork drawn offline by sharp from a seed, so demo and scale galleries look like a gallery:
// layered landscapes (sky, sun or moon, mountain ranges fading into haze, a lake that mirrors
// them), flat-style portraits (hair, face, shoulders before a patterned ground) and geometric
// and typographic posters (Bauhaus grids, concentric rings, bold type). Each is an SVG built
// from curated palettes and rendered by sharp (librsvg); the same seed draws the same picture.
import sharp from 'sharp';
import { seededRandom } from './seeded-random';

/** The picture's size: more than the project page's 800×600 detail view needs. */
export const ARTWORK_SIZE = { width: 1200, height: 900 } as const;

export const ARTWORK_KINDS = ['landscape', 'portrait', 'poster'] as const;
export type TArtworkKind = (typeof ARTWORK_KINDS)[number];

/** The drawing's own coordinates (the SVG's viewBox), scaled to ARTWORK_SIZE when rendered. */
const W = 1600;
const H = 1200;

type TRandom = () => number;

const between = (next: TRandom, low: number, high: number) => low + next() * (high - low);
const pick = <T>(next: TRandom, items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
const round = (value: number) => Math.round(value * 10) / 10;

/** '#rrggbb' mixed with another by `amount` (0: the first, 1: the second). */
function mix(a: string, b: string, amount: number): string {
  const channel = (hex: string, index: number) => parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16);
  const out = [0, 1, 2].map((index) => Math.round(channel(a, index) * (1 - amount) + channel(b, index) * amount));
  return `#${out.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

// ---- Landscapes ----------------------------------------------------------------------------

interface TSkyPalette {
  sky: [string, string, string];
  sun: string;
  ridge: string;
  water: string;
  night: boolean;
}

const SKIES: readonly TSkyPalette[] = [
  { sky: ['#1b2a4a', '#e0707a', '#ffc27a'], sun: '#fff1c9', ridge: '#2a1f3d', water: '#3a3558', night: false }, // dusk
  { sky: ['#0b1026', '#1f2b5c', '#4a5d9a'], sun: '#f4f1e6', ridge: '#0c1229', water: '#18204a', night: true }, // moonlit
  { sky: ['#7ec8e3', '#bfe6f2', '#f6f2dc'], sun: '#fffbe6', ridge: '#2f5d62', water: '#4f8f9a', night: false }, // clear day
  { sky: ['#2e1a47', '#b23a6f', '#ff9e5e'], sun: '#ffe3a3', ridge: '#1e0f2e', water: '#4a2550', night: false }, // magenta sunset
  { sky: ['#0f2027', '#2c5364', '#86a8b8'], sun: '#e9f1f4', ridge: '#0d1b21', water: '#203a43', night: true }, // cold night
  { sky: ['#f7d9c4', '#f2b5a7', '#d98a94'], sun: '#fff4e8', ridge: '#6b4a6e', water: '#b98a9e', night: false }, // pastel dawn
  { sky: ['#9ad0c2', '#d8f3dc', '#fefae0'], sun: '#ffffff', ridge: '#1b4332', water: '#40916c', night: false }, // green summer
  { sky: ['#3d0c02', '#c44900', '#ffb703'], sun: '#fff3b0', ridge: '#1a0a05', water: '#6a2c0a', night: false }, // amber haze
];

/** A ridgeline by midpoint displacement: points from x=0 to x=W around `base`, rough by `roughness`. */
function ridge(next: TRandom, base: number, amplitude: number, roughness: number): [number, number][] {
  const steps = 64;
  const heights = new Array<number>(steps + 1).fill(0);
  heights[0] = base + between(next, -amplitude, amplitude);
  heights[steps] = base + between(next, -amplitude, amplitude);
  for (let size = steps; size > 1; size /= 2) {
    const half = size / 2;
    const spread = amplitude * (size / steps) ** roughness;
    for (let start = 0; start < steps; start += size) heights[start + half] = (heights[start]! + heights[start + size]!) / 2 + between(next, -spread, spread) * 2;
  }
  return heights.map((y, index) => [round((index / steps) * W), round(y)]);
}

function drawLandscape(next: TRandom): string {
  const palette = pick(next, SKIES);
  const horizon = round(between(next, 0.6, 0.72) * H);
  const sunX = round(between(next, 0.2, 0.8) * W);
  const sunY = round(between(next, 0.25, 0.5) * horizon);
  const sunR = round(between(next, 55, 110));
  const parts: string[] = [];
  parts.push(`<defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="0.6" stop-color="${palette.sky[1]}"/><stop offset="1" stop-color="${palette.sky[2]}"/></linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="${palette.sun}" stop-opacity="0.75"/><stop offset="1" stop-color="${palette.sun}" stop-opacity="0"/></radialGradient>
    <linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(palette.water, palette.sky[2], 0.35)}"/><stop offset="1" stop-color="${mix(palette.water, '#000000', 0.35)}"/></linearGradient>
  </defs>`);
  parts.push(`<rect width="${W}" height="${H}" fill="url(#sky)"/>`);
  if (palette.night) {
    for (let i = 0; i < 140; i += 1) parts.push(`<circle cx="${round(next() * W)}" cy="${round(next() * horizon * 0.8)}" r="${round(between(next, 0.8, 2.6))}" fill="#ffffff" opacity="${round(between(next, 0.35, 1))}"/>`);
  }
  parts.push(`<circle cx="${sunX}" cy="${sunY}" r="${sunR * 3.2}" fill="url(#glow)"/>`);
  parts.push(`<circle cx="${sunX}" cy="${sunY}" r="${sunR}" fill="${palette.sun}"/>`);
  if (palette.night) parts.push(`<circle cx="${round(sunX + sunR * 0.35)}" cy="${round(sunY - sunR * 0.2)}" r="${round(sunR * 0.85)}" fill="${palette.sky[0]}" opacity="0.9"/>`);
  // Clouds: flat stacked lozenges, lit from below.
  for (let i = 0; i < 3 + Math.floor(next() * 4); i += 1) {
    const cx = next() * W;
    const cy = between(next, 0.1, 0.45) * horizon;
    const length = between(next, 160, 420);
    const tint = mix(palette.sky[1], '#ffffff', 0.45);
    for (let j = 0; j < 3; j += 1) parts.push(`<rect x="${round(cx + between(next, -60, 60) - length / 2)}" y="${round(cy + j * 16)}" width="${round(length * (1 - j * 0.2))}" height="14" rx="7" fill="${tint}" opacity="${round(0.55 - j * 0.12)}"/>`);
  }
  // Mountain ranges, far to near: each darker and rougher, the far ones fading into the sky.
  const layers = 4 + Math.floor(next() * 2);
  const ranges: string[] = [];
  for (let layer = 0; layer < layers; layer += 1) {
    const depth = layer / (layers - 1);
    const base = horizon - between(next, 40, 260) * (1 - depth * 0.75);
    const points = ridge(next, base, 60 + 140 * (1 - depth), 0.9 + depth * 0.4);
    const color = mix(palette.sky[2], palette.ridge, 0.25 + depth * 0.75);
    const d = `M0 ${horizon} L${points.map(([x, y]) => `${x} ${Math.min(y, horizon)}`).join(' L')} L${W} ${horizon} Z`;
    ranges.push(`<path d="${d}" fill="${color}"/>`);
    // Snow or light on the crests of the far ranges.
    if (layer < 2) {
      const crest = points.filter((_, index) => index % 2 === 0).map(([x, y]) => `${x} ${Math.min(y, horizon)}`).join(' L');
      ranges.push(`<path d="M${crest}" fill="none" stroke="${mix(color, '#ffffff', 0.5)}" stroke-width="3" opacity="0.6"/>`);
    }
  }
  // Pines along the nearest shore.
  const pines: string[] = [];
  for (let x = between(next, -20, 40); x < W; x += between(next, 18, 70)) {
    if (next() < 0.35) continue;
    const tall = between(next, 40, 130);
    const wide = tall * between(next, 0.28, 0.4);
    pines.push(`<path d="M${round(x)} ${round(horizon - tall)} L${round(x + wide / 2)} ${horizon} L${round(x - wide / 2)} ${horizon} Z" fill="${mix(palette.ridge, '#000000', 0.35)}"/>`);
  }
  parts.push(...ranges, ...pines);
  // The lake: its gradient, the ranges and pines mirrored and dimmed, the sun's path in ripples.
  parts.push(`<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#water)"/>`);
  parts.push(`<g transform="translate(0 ${horizon * 2}) scale(1 -1)" opacity="0.35">${ranges.join('')}${pines.join('')}</g>`);
  parts.push(`<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="${palette.water}" opacity="0.35"/>`);
  for (let i = 0; i < 26; i += 1) {
    const y = horizon + 8 + ((H - horizon) * i) / 26 + between(next, -4, 4);
    const spread = sunR * (0.6 + i * 0.12) * between(next, 0.6, 1.3);
    parts.push(`<rect x="${round(sunX - spread / 2 + between(next, -20, 20))}" y="${round(y)}" width="${round(spread)}" height="${round(between(next, 2, 5))}" rx="2" fill="${palette.sun}" opacity="${round(0.75 - i * 0.022)}"/>`);
  }
  for (let i = 0; i < 40; i += 1) {
    const y = between(next, horizon + 10, H);
    parts.push(`<rect x="${round(next() * W)}" y="${round(y)}" width="${round(between(next, 30, 140))}" height="2" fill="#ffffff" opacity="${round(between(next, 0.05, 0.18))}"/>`);
  }
  parts.push(`<rect y="${horizon - 1}" width="${W}" height="2" fill="${mix(palette.sky[2], '#ffffff', 0.4)}" opacity="0.5"/>`);
  return parts.join('');
}

// ---- Portraits -----------------------------------------------------------------------------

const SKIN = ['#f6d5bd', '#eab78f', '#d69a6d', '#b8764a', '#8d5431', '#5e3620'] as const;
const HAIR = ['#1d1a1a', '#3b2416', '#6b3e1f', '#b5651d', '#e3c16f', '#c0392b', '#7a5cff', '#e8e4de'] as const;
const PORTRAIT_PALETTES = [
  { ground: '#f4e3c1', accent: '#e2725b', cloth: '#2d4a6b', extra: '#7fb3a8' },
  { ground: '#1f3b4d', accent: '#f2b134', cloth: '#ed553b', extra: '#47ab6c' },
  { ground: '#d8e2dc', accent: '#ffcad4', cloth: '#9d8189', extra: '#f4acb7' },
  { ground: '#2b2d42', accent: '#ef233c', cloth: '#8d99ae', extra: '#edf2f4' },
  { ground: '#fde2e4', accent: '#6d6875', cloth: '#b5838d', extra: '#e5989b' },
  { ground: '#264653', accent: '#e9c46a', cloth: '#f4a261', extra: '#2a9d8f' },
] as const;

function drawPortrait(next: TRandom): string {
  const palette = pick(next, PORTRAIT_PALETTES);
  const skin = pick(next, SKIN);
  const shade = mix(skin, '#3a1f14', 0.22);
  const hair = pick(next, HAIR);
  const style = pick(next, ['bob', 'long', 'bun', 'short', 'curls'] as const);
  const cx = round(between(next, 0.4, 0.6) * W);
  const headY = round(between(next, 470, 540));
  const headRx = round(between(next, 150, 175));
  const headRy = round(headRx * between(next, 1.22, 1.36));
  const parts: string[] = [`<rect width="${W}" height="${H}" fill="${palette.ground}"/>`];
  // The ground: one of a halo with rays, stripes, or a scatter of dots and arcs.
  const ground = pick(next, ['halo', 'stripes', 'dots'] as const);
  if (ground === 'halo') {
    parts.push(`<circle cx="${cx}" cy="${headY}" r="${round(headRy * 2.1)}" fill="${palette.accent}" opacity="0.9"/>`);
    for (let i = 0; i < 24; i += 1) {
      const angle = (i / 24) * Math.PI * 2;
      parts.push(`<line x1="${round(cx + Math.cos(angle) * headRy * 2.3)}" y1="${round(headY + Math.sin(angle) * headRy * 2.3)}" x2="${round(cx + Math.cos(angle) * headRy * 3.4)}" y2="${round(headY + Math.sin(angle) * headRy * 3.4)}" stroke="${palette.extra}" stroke-width="10" stroke-linecap="round"/>`);
    }
  } else if (ground === 'stripes') {
    for (let x = -H; x < W; x += 90) parts.push(`<path d="M${x} ${H} L${x + H} 0 L${x + H + 40} 0 L${x + 40} ${H} Z" fill="${palette.extra}" opacity="0.55"/>`);
    parts.push(`<rect x="${round(cx - headRx * 2.6)}" y="120" width="${round(headRx * 5.2)}" height="${H}" rx="${round(headRx * 2.6)}" fill="${palette.accent}"/>`);
  } else {
    for (let i = 0; i < 70; i += 1) parts.push(`<circle cx="${round(next() * W)}" cy="${round(next() * H)}" r="${round(between(next, 6, 26))}" fill="${next() < 0.5 ? palette.accent : palette.extra}" opacity="0.8"/>`);
    for (let i = 0; i < 6; i += 1) {
      const r = between(next, 80, 220);
      const x = next() * W;
      const y = next() * H;
      parts.push(`<path d="M${round(x - r)} ${round(y)} A${round(r)} ${round(r)} 0 0 1 ${round(x + r)} ${round(y)}" fill="none" stroke="${palette.cloth}" stroke-width="14" opacity="0.5"/>`);
    }
  }
  // Hair behind the head.
  if (style === 'long') parts.push(`<path d="M${cx - headRx * 1.25} ${headY - headRy * 0.3} Q${cx - headRx * 1.5} ${headY + headRy * 1.6} ${cx - headRx * 1.1} ${headY + headRy * 2.1} L${cx + headRx * 1.1} ${headY + headRy * 2.1} Q${cx + headRx * 1.5} ${headY + headRy * 1.6} ${cx + headRx * 1.25} ${headY - headRy * 0.3} Z" fill="${hair}"/>`);
  if (style === 'bob') parts.push(`<rect x="${cx - headRx * 1.3}" y="${headY - headRy * 1.15}" width="${headRx * 2.6}" height="${headRy * 2.05}" rx="${headRx * 0.9}" fill="${hair}"/>`);
  if (style === 'curls') for (let i = 0; i < 26; i += 1) {
    const angle = Math.PI * (0.9 + (i / 25) * 1.2);
    parts.push(`<circle cx="${round(cx + Math.cos(angle) * headRx * 1.15)}" cy="${round(headY + Math.sin(angle) * headRy * 1.0 + headRy * 0.15)}" r="${round(headRx * between(next, 0.32, 0.42))}" fill="${hair}"/>`);
  }
  if (style === 'bun') parts.push(`<circle cx="${cx}" cy="${round(headY - headRy * 1.15)}" r="${round(headRx * 0.55)}" fill="${hair}"/>`);
  // Shoulders and collar, neck, ears, head.
  const shoulderY = headY + headRy * 1.45;
  const collar = pick(next, ['crew', 'vee', 'turtle'] as const);
  parts.push(`<rect x="${round(cx - headRx * 0.42)}" y="${round(headY + headRy * 0.6)}" width="${round(headRx * 0.84)}" height="${round(headRy * 1.0)}" fill="${shade}"/>`);
  parts.push(`<path d="M${round(cx - headRx * 2.6)} ${H} C${round(cx - headRx * 2.5)} ${round(shoulderY + 40)} ${round(cx - headRx * 1.6)} ${round(shoulderY)} ${round(cx - headRx * 0.6)} ${round(shoulderY - 10)} L${round(cx + headRx * 0.6)} ${round(shoulderY - 10)} C${round(cx + headRx * 1.6)} ${round(shoulderY)} ${round(cx + headRx * 2.5)} ${round(shoulderY + 40)} ${round(cx + headRx * 2.6)} ${H} Z" fill="${palette.cloth}"/>`);
  if (collar === 'vee') parts.push(`<path d="M${round(cx - headRx * 0.6)} ${round(shoulderY - 10)} L${cx} ${round(shoulderY + headRy * 0.7)} L${round(cx + headRx * 0.6)} ${round(shoulderY - 10)} Z" fill="${shade}"/>`);
  if (collar === 'crew') parts.push(`<path d="M${round(cx - headRx * 0.62)} ${round(shoulderY - 10)} Q${cx} ${round(shoulderY + 60)} ${round(cx + headRx * 0.62)} ${round(shoulderY - 10)}" fill="${shade}" stroke="${mix(palette.cloth, '#000000', 0.25)}" stroke-width="12"/>`);
  if (collar === 'turtle') parts.push(`<rect x="${round(cx - headRx * 0.55)}" y="${round(shoulderY - headRy * 0.35)}" width="${round(headRx * 1.1)}" height="${round(headRy * 0.45)}" rx="30" fill="${mix(palette.cloth, '#000000', 0.15)}"/>`);
  for (let i = 0; i < 5; i += 1) parts.push(`<line x1="${round(cx - headRx * (2 - i * 0.25))}" y1="${round(H - 40 - i * 8)}" x2="${round(cx - headRx * (1.6 - i * 0.25))}" y2="${round(shoulderY + 140 + i * 25)}" stroke="${mix(palette.cloth, '#000000', 0.2)}" stroke-width="6" opacity="0.5"/>`);
  parts.push(`<ellipse cx="${round(cx - headRx * 0.98)}" cy="${round(headY + headRy * 0.1)}" rx="${round(headRx * 0.16)}" ry="${round(headRy * 0.17)}" fill="${shade}"/>`);
  parts.push(`<ellipse cx="${round(cx + headRx * 0.98)}" cy="${round(headY + headRy * 0.1)}" rx="${round(headRx * 0.16)}" ry="${round(headRy * 0.17)}" fill="${shade}"/>`);
  if (next() < 0.5) {
    parts.push(`<circle cx="${round(cx - headRx * 1.0)}" cy="${round(headY + headRy * 0.34)}" r="12" fill="${palette.accent}"/>`);
    parts.push(`<circle cx="${round(cx + headRx * 1.0)}" cy="${round(headY + headRy * 0.34)}" r="12" fill="${palette.accent}"/>`);
  }
  parts.push(`<ellipse cx="${cx}" cy="${headY}" rx="${headRx}" ry="${headRy}" fill="${skin}"/>`);
  // Hair over the forehead.
  const fringe = pick(next, ['side', 'straight', 'swoop'] as const);
  if (style !== 'curls') {
    const top = headY - headRy * 1.08;
    if (fringe === 'straight') parts.push(`<path d="M${round(cx - headRx * 1.05)} ${round(headY - headRy * 0.05)} C${round(cx - headRx * 1.1)} ${round(top - 30)} ${round(cx + headRx * 1.1)} ${round(top - 30)} ${round(cx + headRx * 1.05)} ${round(headY - headRy * 0.05)} L${round(cx + headRx * 0.9)} ${round(headY - headRy * 0.42)} L${round(cx - headRx * 0.9)} ${round(headY - headRy * 0.42)} Z" fill="${hair}"/>`);
    else if (fringe === 'side') parts.push(`<path d="M${round(cx - headRx * 1.05)} ${round(headY)} C${round(cx - headRx * 1.2)} ${round(top - 40)} ${round(cx + headRx * 1.2)} ${round(top - 40)} ${round(cx + headRx * 1.05)} ${round(headY)} C${round(cx + headRx * 0.7)} ${round(headY - headRy * 0.6)} ${round(cx - headRx * 0.2)} ${round(headY - headRy * 0.45)} ${round(cx - headRx * 0.85)} ${round(headY - headRy * 0.3)} Z" fill="${hair}"/>`);
    else parts.push(`<path d="M${round(cx - headRx * 1.05)} ${round(headY + headRy * 0.1)} C${round(cx - headRx * 1.3)} ${round(top - 60)} ${round(cx + headRx * 1.3)} ${round(top - 70)} ${round(cx + headRx * 1.05)} ${round(headY - headRy * 0.2)} Q${round(cx + headRx * 0.1)} ${round(headY - headRy * 0.85)} ${round(cx - headRx * 0.75)} ${round(headY - headRy * 0.15)} Z" fill="${hair}"/>`);
    parts.push(`<path d="M${round(cx - headRx * 0.5)} ${round(top + 20)} Q${cx} ${round(top - 10)} ${round(cx + headRx * 0.6)} ${round(top + 30)}" fill="none" stroke="${mix(hair, '#ffffff', 0.3)}" stroke-width="6" opacity="0.7"/>`);
  } else {
    for (let i = 0; i < 9; i += 1) parts.push(`<circle cx="${round(cx - headRx * 0.85 + (i / 8) * headRx * 1.7)}" cy="${round(headY - headRy * 0.72 + Math.abs(i - 4) * 8)}" r="${round(headRx * 0.26)}" fill="${hair}"/>`);
  }
  // Features: brows, eyes (shut or open), glasses now and then, nose, cheeks, mouth.
  const eyeY = round(headY + headRy * 0.08);
  const eyeDx = round(headRx * 0.42);
  const ink = '#2a1a14';
  const closed = next() < 0.35;
  for (const side of [-1, 1]) {
    const x = cx + side * eyeDx;
    parts.push(`<path d="M${round(x - 34)} ${round(eyeY - 48 + (side < 0 ? 4 : 0))} Q${round(x)} ${round(eyeY - 66)} ${round(x + 34)} ${round(eyeY - 48)}" fill="none" stroke="${mix(hair, ink, 0.5)}" stroke-width="10" stroke-linecap="round"/>`);
    if (closed) parts.push(`<path d="M${round(x - 26)} ${eyeY} Q${round(x)} ${round(eyeY + 18)} ${round(x + 26)} ${eyeY}" fill="none" stroke="${ink}" stroke-width="7" stroke-linecap="round"/>`);
    else parts.push(`<ellipse cx="${round(x)}" cy="${eyeY}" rx="24" ry="15" fill="#ffffff"/><circle cx="${round(x + 3)}" cy="${eyeY}" r="11" fill="${ink}"/><circle cx="${round(x + 7)}" cy="${round(eyeY - 4)}" r="3.5" fill="#ffffff"/>`);
    parts.push(`<circle cx="${round(x + side * 14)}" cy="${round(eyeY + 62)}" r="26" fill="${palette.accent}" opacity="0.28"/>`);
  }
  if (next() < 0.3) {
    const frame = pick(next, ['#1b1b1b', palette.accent, '#c9a227']);
    parts.push(`<g fill="none" stroke="${frame}" stroke-width="8"><circle cx="${cx - eyeDx}" cy="${eyeY}" r="48"/><circle cx="${cx + eyeDx}" cy="${eyeY}" r="48"/><path d="M${cx - eyeDx + 48} ${eyeY - 4} Q${cx} ${eyeY - 22} ${cx + eyeDx - 48} ${eyeY - 4}"/></g>`);
  }
  parts.push(`<path d="M${cx} ${round(eyeY + 10)} Q${round(cx - 18)} ${round(eyeY + 70)} ${round(cx + 6)} ${round(eyeY + 82)}" fill="none" stroke="${shade}" stroke-width="8" stroke-linecap="round"/>`);
  const mouthY = round(headY + headRy * 0.58);
  const mouth = pick(next, ['smile', 'calm', 'open'] as const);
  if (mouth === 'smile') parts.push(`<path d="M${round(cx - 50)} ${mouthY} Q${cx} ${round(mouthY + 40)} ${round(cx + 50)} ${mouthY}" fill="none" stroke="#a23b3b" stroke-width="10" stroke-linecap="round"/>`);
  else if (mouth === 'calm') parts.push(`<path d="M${round(cx - 36)} ${mouthY} Q${cx} ${round(mouthY + 12)} ${round(cx + 36)} ${mouthY}" fill="none" stroke="#a23b3b" stroke-width="10" stroke-linecap="round"/>`);
  else parts.push(`<path d="M${round(cx - 40)} ${mouthY} Q${cx} ${round(mouthY + 50)} ${round(cx + 40)} ${mouthY} Z" fill="#7a2630"/>`);
  return parts.join('');
}

// ---- Posters -------------------------------------------------------------------------------

const POSTER_PALETTES = [
  ['#f2ead3', '#e63946', '#1d3557', '#f4a261', '#111111'],
  ['#101010', '#f5f5f5', '#ffcc00', '#ff4d00', '#3a86ff'],
  ['#fefae0', '#283618', '#606c38', '#dda15e', '#bc6c25'],
  ['#0b132b', '#5bc0be', '#ffffff', '#f25f5c', '#ffe066'],
  ['#ede0d4', '#7f5539', '#9c6644', '#2b2d42', '#d62828'],
  ['#f1faee', '#0077b6', '#00b4d8', '#ef476f', '#073b4c'],
] as const;

const WORDS = ['FORM', 'LIGHT', 'ECHO', 'PULSE', 'DRIFT', 'SIGNAL', 'ORBIT', 'GRID', 'BLOOM', 'NOISE', 'SOLAR', 'TIDE'];

function drawPoster(next: TRandom): string {
  const [paper, a, b, c, ink] = pick(next, POSTER_PALETTES);
  const layout = pick(next, ['bauhaus', 'rings', 'swiss'] as const);
  const word = pick(next, WORDS);
  const year = 2020 + Math.floor(next() * 8);
  const parts: string[] = [`<rect width="${W}" height="${H}" fill="${paper}"/>`];
  if (layout === 'bauhaus') {
    // A 4×3 grid of tiles, each a circle, quarter circle, half disc, triangle or stripes.
    const cell = 300;
    const left = 80;
    const top = 120;
    for (let row = 0; row < 3; row += 1) {
      for (let col = 0; col < 4; col += 1) {
        const x = left + col * cell;
        const y = top + row * cell;
        const [fill, ground] = pick(next, [[a, paper], [b, c], [c, b], [ink, a], [paper, ink]] as const);
        parts.push(`<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="${ground}"/>`);
        const shape = Math.floor(next() * 5);
        if (shape === 0) parts.push(`<circle cx="${x + cell / 2}" cy="${y + cell / 2}" r="${cell * 0.38}" fill="${fill}"/>`);
        if (shape === 1) parts.push(`<path d="M${x} ${y + cell} A${cell} ${cell} 0 0 1 ${x + cell} ${y} L${x + cell} ${y + cell} Z" fill="${fill}"/>`);
        if (shape === 2) parts.push(`<path d="M${x} ${y + cell / 2} A${cell / 2} ${cell / 2} 0 0 1 ${x + cell} ${y + cell / 2} Z" fill="${fill}"/>`);
        if (shape === 3) parts.push(`<path d="M${x} ${y + cell} L${x + cell / 2} ${y} L${x + cell} ${y + cell} Z" fill="${fill}"/>`);
        if (shape === 4) for (let s = 0; s < 5; s += 1) parts.push(`<rect x="${x}" y="${y + s * 60 + 10}" width="${cell}" height="30" fill="${fill}"/>`);
      }
    }
    parts.push(`<text x="1500" y="1020" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" font-size="230" fill="${ink}" transform="rotate(-90 1500 1020)">${word}</text>`);
    parts.push(`<text x="80" y="1100" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" font-size="44" fill="${ink}" letter-spacing="8">EXHIBITION ${year}</text>`);
  } else if (layout === 'rings') {
    const cx = round(between(next, 0.35, 0.65) * W);
    const cy = round(between(next, 0.35, 0.55) * H);
    const colors = [a, b, c, ink, paper];
    for (let r = 560; r > 20; r -= between(next, 30, 70)) parts.push(`<circle cx="${cx}" cy="${cy}" r="${round(r)}" fill="${pick(next, colors)}"/>`);
    for (let i = 0; i < 12; i += 1) {
      const angle = between(next, 0, Math.PI * 2);
      const r = between(next, 200, 600);
      parts.push(`<circle cx="${round(cx + Math.cos(angle) * r)}" cy="${round(cy + Math.sin(angle) * r)}" r="${round(between(next, 8, 30))}" fill="${pick(next, [a, b, c])}"/>`);
    }
    parts.push(`<rect x="0" y="${H - 230}" width="${W}" height="230" fill="${ink}"/>`);
    parts.push(`<text x="70" y="${H - 70}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" font-size="170" fill="${paper}" letter-spacing="6">${word}</text>`);
    parts.push(`<text x="${W - 70}" y="${H - 150}" text-anchor="end" font-family="DejaVu Sans Mono, monospace" font-size="36" fill="${a}">VOL. ${1 + Math.floor(next() * 20)}</text>`);
    parts.push(`<text x="${W - 70}" y="${H - 90}" text-anchor="end" font-family="DejaVu Sans Mono, monospace" font-size="36" fill="${paper}">${year}</text>`);
  } else {
    // Swiss: a huge numeral, rotated bars, a column of small type.
    parts.push(`<rect x="0" y="0" width="${W * 0.42}" height="${H}" fill="${a}"/>`);
    for (let i = 0; i < 7; i += 1) {
      const y = between(next, 100, H - 100);
      parts.push(`<rect x="${round(between(next, 200, 1100))}" y="${round(y)}" width="${round(between(next, 200, 700))}" height="${round(between(next, 14, 60))}" fill="${pick(next, [b, c, ink])}" transform="rotate(${round(between(next, -30, 30))} 800 600)"/>`);
    }
    parts.push(`<text x="${W * 0.42 - 20}" y="${H - 80}" text-anchor="end" font-family="Liberation Sans, DejaVu Sans, sans-serif" font-weight="bold" font-size="720" fill="${paper}" letter-spacing="-30">${1 + Math.floor(next() * 9)}</text>`);
    parts.push(`<text x="${W * 0.48}" y="260" font-family="Liberation Sans, DejaVu Sans, sans-serif" font-weight="bold" font-size="150" fill="${ink}">${word}</text>`);
    for (let i = 0; i < 8; i += 1) parts.push(`<rect x="${round(W * 0.48)}" y="${330 + i * 34}" width="${round(between(next, 240, 620))}" height="12" fill="${ink}" opacity="0.65"/>`);
    parts.push(`<text x="${W * 0.48}" y="${H - 90}" font-family="DejaVu Sans Mono, monospace" font-size="40" fill="${ink}">${year} / ${word.toLowerCase()} series</text>`);
  }
  // Paper grain: a few hundred specks.
  for (let i = 0; i < 260; i += 1) parts.push(`<rect x="${round(next() * W)}" y="${round(next() * H)}" width="2" height="2" fill="${ink}" opacity="0.12"/>`);
  return parts.join('');
}

const DRAW: Record<TArtworkKind, (next: TRandom) => string> = { landscape: drawLandscape, portrait: drawPortrait, poster: drawPoster };

/** The artwork's SVG source; the same seed and kind draw the same picture. */
export function artworkSvg(seed: number, kind: TArtworkKind = ARTWORK_KINDS[Math.abs(seed) % ARTWORK_KINDS.length]!): string {
  const next = seededRandom(seed * 7919 + ARTWORK_KINDS.indexOf(kind));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ARTWORK_SIZE.width}" height="${ARTWORK_SIZE.height}" viewBox="0 0 ${W} ${H}">${DRAW[kind](next)}</svg>`;
}

/** A 1200×900 JPEG of the kind given (else one chosen by the seed); the same seed draws the same picture. */
export async function drawArtwork(seed: number, kind?: TArtworkKind): Promise<Buffer> {
  return sharp(Buffer.from(artworkSvg(seed, kind))).jpeg({ quality: 86 }).toBuffer();
}
