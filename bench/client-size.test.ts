import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { build } from 'vite';
import viteConfig from '../vite.config';
import { APP_SHELL_JS_BUDGET_BYTES, appShellJsGzipBytes, appShellOverBudget, clientRouteSizes, formatRouteSizes, HOME_ROUTE_JS_BUDGET_BYTES, homeRouteOverBudget } from './client-size';

/** Text that compresses to a size that differs per file (random-looking, so gzip cannot fold files together). */
function contentOf(seed: number, bytes: number): string {
  let state = seed;
  let text = '';
  while (text.length < bytes) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    text += String.fromCharCode(33 + (state % 90));
  }
  return text;
}

const gzipped = (text: string) => gzipSync(text, { level: 9 }).length;

describe('clientRouteSizes', () => {
  let distDir: string;
  const files: Record<string, string> = {
    'assets/index.js': contentOf(1, 4000),
    'assets/react.js': contentOf(2, 3000),
    'assets/shared.js': contentOf(3, 2000),
    'assets/HomePage.js': contentOf(4, 1500),
    'assets/ProfilePage.js': contentOf(5, 2500),
    'assets/dialog.js': contentOf(6, 1800),
    'assets/lazy-chart.js': contentOf(7, 9000),
    'assets/index.css': contentOf(8, 1200),
    'assets/ProfilePage.css': contentOf(9, 600),
  };

  beforeEach(() => {
    distDir = mkdtempSync(join(tmpdir(), 'client-size-'));
    mkdirSync(join(distDir, 'assets'));
    mkdirSync(join(distDir, '.vite'));
    for (const [name, content] of Object.entries(files)) writeFileSync(join(distDir, name), content);
    const manifest = {
      'index.html': { file: 'assets/index.js', src: 'index.html', isEntry: true, imports: ['_react.js'], dynamicImports: ['pages/HomePage.tsx', 'pages/ProfilePage.tsx'], css: ['assets/index.css'] },
      '_react.js': { file: 'assets/react.js' },
      '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
      '_dialog.js': { file: 'assets/dialog.js', imports: ['_shared.js'] },
      'pages/HomePage.tsx': { file: 'assets/HomePage.js', src: 'pages/HomePage.tsx', isDynamicEntry: true, imports: ['_shared.js', '_react.js'], dynamicImports: ['components/Chart.tsx'] },
      'pages/ProfilePage.tsx': { file: 'assets/ProfilePage.js', src: 'pages/ProfilePage.tsx', isDynamicEntry: true, imports: ['_dialog.js'], css: ['assets/ProfilePage.css'] },
      // Lazily loaded by a page, not a page itself: neither a route nor part of one's first load.
      'components/Chart.tsx': { file: 'assets/lazy-chart.js', src: 'components/Chart.tsx', isDynamicEntry: true },
    };
    writeFileSync(join(distDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  });
  afterEach(() => rmSync(distDir, { recursive: true, force: true }));

  const sizeOf = (...names: string[]) => names.reduce((total, name) => total + gzipped(files[name] as string), 0);

  it('counts the entry, the page and their static imports once each, gzip level 9, and leaves lazy chunks out', () => {
    const rows = clientRouteSizes(distDir);
    expect(rows.map((row) => row.route)).toEqual(['HomePage', 'ProfilePage']);
    const [home, profile] = rows;
    expect(home).toEqual({
      route: 'HomePage',
      jsGzipBytes: sizeOf('assets/index.js', 'assets/react.js', 'assets/HomePage.js', 'assets/shared.js'),
      cssGzipBytes: sizeOf('assets/index.css'),
      jsFiles: 4,
    });
    // dialog → shared → react: followed transitively, react counted once though two chunks import it.
    expect(profile).toEqual({
      route: 'ProfilePage',
      jsGzipBytes: sizeOf('assets/index.js', 'assets/react.js', 'assets/ProfilePage.js', 'assets/dialog.js', 'assets/shared.js'),
      cssGzipBytes: sizeOf('assets/index.css', 'assets/ProfilePage.css'),
      jsFiles: 5,
    });
  });

  it('puts the home route first even when another route is heavier, the rest heaviest first', () => {
    const rows = clientRouteSizes(distDir);
    expect(rows[1]!.jsGzipBytes).toBeGreaterThan(rows[0]!.jsGzipBytes);
    expect(formatRouteSizes(rows).split('\n').map((line) => line.split(/\s+/)[0])).toEqual(['route', 'HomePage', 'ProfilePage']);
  });

  it('names the home route over its budget, and says nothing when it is within', () => {
    const rows = clientRouteSizes(distDir);
    expect(homeRouteOverBudget(rows)).toBeNull();
    const heavy = rows.map((row) => (row.route === 'HomePage' ? { ...row, jsGzipBytes: HOME_ROUTE_JS_BUDGET_BYTES + 1 } : row));
    const budget = `${(HOME_ROUTE_JS_BUDGET_BYTES / 1000).toFixed(1)} kB`;
    expect(homeRouteOverBudget(heavy)).toBe(`home route JavaScript is ${budget} gzip, over its ${budget} budget`);
  });

  it('counts the app shell: the entry and its static imports, what every page loads first', () => {
    expect(appShellJsGzipBytes(distDir)).toBe(sizeOf('assets/index.js', 'assets/react.js'));
    expect(appShellOverBudget(APP_SHELL_JS_BUDGET_BYTES)).toBeNull();
    expect(appShellOverBudget(APP_SHELL_JS_BUDGET_BYTES + 1)).toBe(`app shell JavaScript is ${(APP_SHELL_JS_BUDGET_BYTES / 1000 + 0.001).toFixed(1)} kB gzip, over its ${(APP_SHELL_JS_BUDGET_BYTES / 1000).toFixed(1)} kB budget`);
  });

  it('refuses a build without its manifest', () => {
    rmSync(join(distDir, '.vite'), { recursive: true });
    expect(() => clientRouteSizes(distDir)).toThrow(/manifest\.json/);
  });
});

describe('the built client', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'client-build-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('keeps the app shell, what every page loads first, within its budget, with source maps that point at the right lines', async () => {
    const outDir = join(root, 'web');
    // The build `npm run build` makes: the test runner sets NODE_ENV=test, under which Vite picks
    // packages' `development` exports (React Router's development build, 1.4 kB gzip more than
    // what ships), and a `define` alone does not change that choice.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({ ...viteConfig, mode: 'production', logLevel: 'silent', build: { ...viteConfig.build, outDir, emptyOutDir: true } });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    const shell = appShellJsGzipBytes(outDir);
    expect(appShellOverBudget(shell), `app shell ${shell} bytes gzip`).toBeNull();

    // The source maps (moved beside the build, never served) point at the right line although
    // each chunk starts with the compile hint, and Vite's preload list, added after minifying.
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; isEntry?: boolean }>;
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry && chunk.file.includes('index'))!.file;
    const code = readFileSync(join(outDir, entry), 'utf8');
    expect(code.startsWith('//# allFunctionsCalledOnLoad')).toBe(true);
    const map = new TraceMap(readFileSync(join(root, 'sourcemaps', `${basename(entry)}.map`), 'utf8'));
    const at = code.indexOf('hydration: first pass');
    const before = code.slice(0, at).split('\n');
    const source = originalPositionFor(map, { line: before.length, column: before.at(-1)!.length });
    expect(source.source).toMatch(/web\/lib\/hydration\.ts$/);
    const original = readFileSync(join(import.meta.dirname, '../web/lib/hydration.ts'), 'utf8').split('\n');
    expect(original[source.line! - 1]).toContain('hydration: first pass');
  }, 180_000);
});
