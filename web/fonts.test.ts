// web/fonts.css is the font package's faces with font-display: optional (see its comment): every
// face the package ships, for the same characters, none of them swapping in after the first paint.
/// <reference types="node" />
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Read as files: Vitest does not process CSS, so a `?raw` import of it is empty.
const readCss = (path: string) => readFileSync(createRequire(import.meta.url).resolve(path), 'utf8');

interface TFace {
  file: string;
  display: string | undefined;
  unicodeRange: string | undefined;
}

function faces(css: string): TFace[] {
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body = '']) => ({
    file: /url\(['"]?[^)'"]*\/([^/)'"]+\.woff2)/.exec(body)?.[1] ?? '',
    display: /font-display:\s*([\w-]+)/.exec(body)?.[1],
    unicodeRange: /unicode-range:\s*([^;]+);/.exec(body)?.[1]?.trim(),
  }));
}

const LATIN = 'inter-latin-wght-normal.woff2';

/** The code points of a unicode-range ('U+0000-00FF,U+0131,…'). */
function codePoints(range = ''): Set<number> {
  const points = new Set<number>();
  for (const part of range.split(',')) {
    const [from = '', to = from] = part.trim().replace(/^U\+/i, '').split('-');
    for (let point = parseInt(from, 16); point <= parseInt(to, 16); point += 1) points.add(point);
  }
  return points;
}

describe('the web font', () => {
  const ours = faces(readCss('./fonts.css'));
  const packaged = faces(readCss('@fontsource-variable/inter/index.css'));
  const subset = ours.at(-1);

  it('never swaps in after the first paint (font-display: optional on every face)', () => {
    expect(ours).toHaveLength(8);
    expect(ours.map((face) => face.display)).toEqual(ours.map(() => 'optional'));
  });

  it('has every face the package ships, for the same characters (the Latin one shared with the subset, without overlap)', () => {
    const strip = ({ file, unicodeRange }: TFace) => ({ file, unicodeRange });
    const isLatin = (face: TFace) => face.file === LATIN;
    expect(ours.slice(0, -1).map((face) => face.file)).toEqual(packaged.map((face) => face.file));
    expect(ours.slice(0, -1).filter((face) => !isLatin(face)).map(strip)).toEqual(packaged.filter((face) => !isLatin(face)).map(strip));
    const latin = codePoints(ours.find(isLatin)?.unicodeRange);
    const basic = codePoints(subset?.unicodeRange);
    // Chromium loads every face whose range has a character it needs: an overlap loaded both.
    expect([...basic].filter((point) => latin.has(point))).toEqual([]);
    expect(new Set([...latin, ...basic])).toEqual(codePoints(packaged.find(isLatin)?.unicodeRange));
  });

  it('tries the subset Latin face first (declared last), for the characters the subset script keeps, in a smaller file', () => {
    expect(subset?.file).toBe('inter-latin-basic-wght-normal.woff2');
    const script = readFileSync(new URL('../scripts/subset-inter.sh', import.meta.url), 'utf8');
    expect(subset?.unicodeRange).toBe(/^RANGE='([^']+)'/m.exec(script)?.[1]);
    const size = (path: string) => statSync(path).size;
    const packagedLatin = createRequire(import.meta.url).resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');
    expect(size(fileURLToPath(new URL('./fonts/inter-latin-basic-wght-normal.woff2', import.meta.url)))).toBeLessThan(size(packagedLatin) * 0.6);
  });
});
