// web/fonts.css is the font package's faces with font-display: optional (see its comment): every
// face the package ships, for the same characters, none of them swapping in after the first paint.
/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

describe('the web font', () => {
  const ours = faces(readCss('./fonts.css'));
  const packaged = faces(readCss('@fontsource-variable/inter/index.css'));

  it('never swaps in after the first paint (font-display: optional on every face)', () => {
    expect(ours).toHaveLength(7);
    expect(ours.map((face) => face.display)).toEqual(ours.map(() => 'optional'));
  });

  it('has every face the package ships, for the same characters', () => {
    const strip = ({ file, unicodeRange }: TFace) => ({ file, unicodeRange });
    expect(ours.map(strip)).toEqual(packaged.map(strip));
  });
});
