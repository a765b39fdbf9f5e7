// `npm run screenshots`: the README's screenshots. Seeds the demo data (`npm run seed:demo`) into
// a throwaway SQLite folder, starts the production server over it, and takes the home page, the
// most liked project's page and the job board in Debian's Chromium (playwright-core, as the
// browser tests drive it) at 1440×900 and 390×844, signed out, the cookie choice made. Writes
// JPEGs to docs/screenshots/ (each well under 300 kB).
//   --base-url http://host:port   shoot a server already running (with data) instead
//   --out <folder>                where to write them (default docs/screenshots)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ROOT, SERVER_START, spawnAndWait } from '../bench/processes';
import { ALLOCATOR_ENV } from '../server/ops/memory-allocator';
import { freePort } from '../server/test/free-port';
import { STORAGE_KEYS } from '../shared/constants';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SERVER_START_TIMEOUT_MS = 240_000;
const JPEG_QUALITY = 78;
const MAX_BYTES = 300 * 1024;

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const { values: args } = parseArgs({ options: { 'base-url': { type: 'string' }, out: { type: 'string', default: join(ROOT, 'docs/screenshots') } } });

const cleanups: (() => Promise<void> | void)[] = [];
async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}
process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

/** The demo data in a fresh SQLite folder, then the production server over it; its address. */
async function startSeededServer(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'screenshots-data-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', S3_BUCKET: '', LOG_LEVEL: 'warn', PAYMENTS_MODE: 'test' };
  console.error('Seeding the demo data…');
  execFileSync('npm', ['run', '--silent', 'seed:demo'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  // The seed's progress line ends in a carriage return.
  process.stderr.write('\n');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  await spawnAndWait({
    name: 'server',
    ...SERVER_START,
    // Not NODE_ENV=production: that turns test payments off, and the board's demo jobs show either way.
    env: { ...env, ...ALLOCATOR_ENV, HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: url },
    url,
    ready: [{ path: '/healthz' }],
    readyTimeoutMs: SERVER_START_TIMEOUT_MS,
    onSpawned: (child) => cleanups.push(() => child.stop()),
  });
  return url;
}

interface TShot {
  name: string;
  path: string;
  /** Scroll this element to the top of the view first (the gallery below the home page's hero). */
  scrollTo?: string;
}

/** The pages to shoot: the home page (its top, then its gallery), the most liked project, the job board. */
async function pages(baseUrl: string): Promise<TShot[]> {
  const response = await fetch(`${baseUrl}/api/projects?sort=trending&limit=1`);
  if (!response.ok) throw new Error(`GET /api/projects answered ${response.status}`);
  const [project] = (await response.json()) as { slug: string }[];
  if (!project) throw new Error('The server has no projects: seed it (npm run seed:demo) or let this script start one.');
  return [
    { name: 'home', path: '/' },
    { name: 'gallery', path: '/', scrollTo: 'h2:text-is("Featured Projects")' },
    { name: 'project', path: `/project/${project.slug}` },
    { name: 'jobs', path: '/jobs' },
  ];
}

// What the page checks, run in the browser: this file is type-checked without the DOM's types,
// so they name only what they use (and the page's CSP forbids passing them as source text).
interface TPageNode {
  textContent: string | null;
  parentElement: { querySelector(selector: string): TPageNode | null } | null;
}
interface TPageGlobals {
  document: { querySelectorAll(selector: string): Iterable<TPageNode>; images: Iterable<{ complete: boolean; getBoundingClientRect(): { top: number } }> };
  innerHeight: number;
  scrollY: number;
  scrollTo(x: number, y: number): void;
}

/** The hero's typed line is typed out (TypedLine: the whole text for screen readers, then the typed part). */
function typedOut(): boolean {
  const { document } = globalThis as unknown as TPageGlobals;
  return [...document.querySelectorAll('p > .sr-only')].every((whole) => (whole.parentElement?.querySelector(':scope > .absolute')?.textContent ?? whole.textContent) === whole.textContent);
}

/** Every image in the view has loaded (or failed). */
function imagesInView(): boolean {
  const { document, innerHeight } = globalThis as unknown as TPageGlobals;
  return [...document.images].filter((image) => image.getBoundingClientRect().top < innerHeight).every((image) => image.complete);
}

/** Scrolls the element to 80 px below the top: the sticky header (64 px) would cover it otherwise. */
function scrollAboveHeader(element: { getBoundingClientRect(): { top: number } }): void {
  const page = globalThis as unknown as TPageGlobals;
  page.scrollTo(0, element.getBoundingClientRect().top + page.scrollY - 80);
}

/** Waits until the page's data has come, the hero's line is typed out and every image in view has loaded (or failed). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(typedOut, undefined, { timeout: 15_000 });
  await page.waitForFunction(imagesInView, undefined, { timeout: 30_000 });
  // Fades (images, the typed line) finish.
  await page.waitForTimeout(800);
}

async function shoot(browser: Browser, baseUrl: string, outDir: string): Promise<string[]> {
  const written: string[] = [];
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: viewport.width, height: viewport.height }, reducedMotion: 'reduce' });
    // The cookie choice made, as for someone who has been here before.
    await context.addInitScript(`window.localStorage.setItem(${JSON.stringify(STORAGE_KEYS.cookieConsent)}, 'dismissed')`);
    const page = await context.newPage();
    for (const { name, path, scrollTo } of await pages(baseUrl)) {
      await page.goto(path);
      if (scrollTo) {
        const target = page.locator(scrollTo).first();
        await target.waitFor();
        await target.evaluate(scrollAboveHeader);
      }
      await settle(page);
      const file = join(outDir, `${name}-${viewport.name}.jpg`);
      await page.screenshot({ path: file, type: 'jpeg', quality: JPEG_QUALITY });
      const { size } = statSync(file);
      if (size > MAX_BYTES) throw new Error(`${file} is ${Math.round(size / 1024)} kB, over ${MAX_BYTES / 1024} kB`);
      console.log(`${relative(ROOT, file)}  ${viewport.width}×${viewport.height}  ${Math.round(size / 1024)} kB`);
      written.push(file);
    }
    await context.close();
  }
  return written;
}

async function main(): Promise<void> {
  const outDir = args.out;
  mkdirSync(outDir, { recursive: true });
  const baseUrl = args['base-url'] ?? (await startSeededServer());
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  cleanups.push(() => browser.close());
  await shoot(browser, baseUrl, outDir);
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
