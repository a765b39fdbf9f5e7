// Layout stability: the main routes, signed out on a first visit, shift by at most 0.02 (CLS) at a
// phone's and a desktop's size, from the first paint until the page has settled.
// CLS here is Chromium's own definition: layout-shift entries without recent input, grouped into
// session windows (a gap under 1 s, at most 5 s long), and the largest window's sum is the score.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TProject } from '../shared/schemas/project';
import { apiFetch, createProjectWithMedia, postPaidJob, signUpMember, type TApiMember } from './api-helpers';
import { browserPerFile } from './helpers';

const MAX_CLS = 0.02;
/** Quiet time after which the page counts as settled: no shift, no new image. */
const QUIET_MS = 1000;
/** The home page types its hero line for ~2.5 s (50 ms a character) after up to 1 s: a wrap there must be seen. */
const HOME_MIN_OBSERVE_MS = 4000;
/** How late the web font arrives: well after the first paint. */
const LATE_FONT_MS = 500;

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

const RUN = Date.now().toString(36);
const { openPage } = browserPerFile();
let creator: TApiMember;
let project: TProject;

beforeAll(async () => {
  creator = await signUpMember({ firstName: 'Lena', lastName: `Fischer${RUN}` });
  await apiFetch('PATCH', '/api/auth/profile', { cookie: creator.cookie, json: { title: 'Brand designer', bio: 'AI-assisted identities for small studios.' } });
  // More than one row of cards at either width, so a grid that fills late would push things.
  for (let index = 0; index < 6; index += 1) {
    project = await createProjectWithMedia(creator, { title: `Stable layout ${RUN} ${index + 1}`, description: 'Soft light on glass.', category: 'Illustration', tags: ['layout'] });
  }
  // Long enough texts for the card to wrap as a real listing's does.
  await postPaidJob(creator, {
    title: `Prompt designer ${RUN}`,
    description: 'Design prompts and review generated images with our art directors every week.',
    requirements: 'Two years of work with image models, a portfolio and a good eye for type.',
    tags: ['prompting'],
    applicationUrl: 'jobs@diffusion.example',
  });
});

/** Records every layout shift from the first paint (buffered), before any page script runs. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const store: { value: number; startTime: number; hadRecentInput: boolean; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof store }).__shifts = store;
    type TShift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
    const describeNode = (node: Node | null | undefined) => {
      if (!(node instanceof Element)) return node?.nodeName ?? '?';
      const classes = typeof node.className === 'string' ? node.className.split(' ').slice(0, 3).join('.') : '';
      return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes ? `.${classes}` : ''}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as TShift[]) {
        store.push({
          value: entry.value,
          startTime: entry.startTime,
          hadRecentInput: entry.hadRecentInput,
          sources: (entry.sources ?? []).map((source) => `${describeNode(source.node)} y ${Math.round(source.previousRect.y)}→${Math.round(source.currentRect.y)} h ${Math.round(source.previousRect.height)}→${Math.round(source.currentRect.height)}`),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

interface TShiftRecord {
  value: number;
  startTime: number;
  hadRecentInput: boolean;
  sources: string[];
}

const shifts = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: TShiftRecord[] }).__shifts.slice());

/** Chromium's CLS: the largest session window (gap < 1 s, window ≤ 5 s) of shifts without recent input. */
function cumulativeLayoutShift(records: readonly TShiftRecord[]): number {
  let worst = 0;
  let current = 0;
  let windowStart = -Infinity;
  let previous = -Infinity;
  for (const record of records) {
    if (record.hadRecentInput) continue;
    if (record.startTime - previous >= 1000 || record.startTime - windowStart >= 5000) {
      current = 0;
      windowStart = record.startTime;
    }
    current += record.value;
    previous = record.startTime;
    worst = Math.max(worst, current);
  }
  return worst;
}

/** Main content shown, fonts ready, every image in view loaded, and then no shift and no new image for a quiet second. */
async function settle(page: Page, { mainContent, minObserveMs = 0 }: TRoute): Promise<void> {
  const started = Date.now();
  await mainContent(page).first().waitFor({ timeout: 20_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const snapshot = () =>
    page.evaluate(() => {
      const inView = Array.from(document.images).filter((image) => {
        const rect = image.getBoundingClientRect();
        return rect.bottom > 0 && rect.top < window.innerHeight && rect.width > 0;
      });
      return {
        shifts: (window as unknown as { __shifts: unknown[] }).__shifts.length,
        images: document.images.length,
        pending: inView.filter((image) => !image.complete).length,
      };
    });
  let last = await snapshot();
  let quietSince = Date.now();
  while (Date.now() - quietSince < QUIET_MS || Date.now() - started < minObserveMs || last.pending > 0) {
    if (Date.now() - started > 30_000) throw new Error(`The page did not settle: ${JSON.stringify(last)}`);
    await page.waitForTimeout(100);
    const now = await snapshot();
    if (now.shifts !== last.shifts || now.images !== last.images || now.pending > 0) quietSince = Date.now();
    last = now;
  }
}

interface TRoute {
  path: () => string;
  mainContent: (page: Page) => ReturnType<Page['locator']>;
  /** Watch at least this long from the navigation, whatever else has settled. */
  minObserveMs?: number;
}

const ROUTES: Record<string, TRoute> = {
  home: { path: () => '/', mainContent: (page) => page.locator('[data-tour="projects"] article img'), minObserveMs: HOME_MIN_OBSERVE_MS },
  project: { path: () => `/project/${project.slug}`, mainContent: (page) => page.getByRole('heading', { level: 1, name: project.title }) },
  jobs: { path: () => '/jobs', mainContent: (page) => page.getByRole('article', { name: `Prompt designer ${RUN}` }) },
  creator: { path: () => `/creator/${creator.id}`, mainContent: (page) => page.locator('main article img') },
  category: { path: () => '/category/illustration', mainContent: (page) => page.locator('main article img') },
  search: { path: () => `/search?q=${encodeURIComponent(`Stable layout ${RUN}`)}`, mainContent: (page) => page.locator('main article img') },
  about: { path: () => '/about', mainContent: (page) => page.getByRole('heading', { level: 1 }) },
  login: { path: () => '/login', mainContent: (page) => page.getByRole('button', { name: 'Sign In' }).last() },
};

/** The route's CLS at one size, and the shifts behind it (which element moved, from where to where). */
async function measure(route: TRoute, viewport: (typeof VIEWPORTS)[number]): Promise<{ cls: number; shifts: TShiftRecord[] }> {
  const page = await openPage({ width: viewport.width });
  await page.setViewportSize({ width: viewport.width, height: viewport.height });
  await recordShifts(page);
  // The web font arrives after the first paint, as on a slow connection or a busy machine (where
  // Inter arriving late re-wrapped a title by a line, CI): the page must not move for it.
  await page.route('**/*.woff2', async (request) => {
    await new Promise((resolve) => setTimeout(resolve, LATE_FONT_MS));
    await request.continue();
  });
  await page.goto(route.path());
  await settle(page, route);
  const records = await shifts(page);
  return { cls: cumulativeLayoutShift(records), shifts: records.filter((record) => record.value > 0.0005) };
}

describe('layout stability', () => {
  // Both sizes at once, each in its own browser context: most of a measurement is the quiet second it waits.
  it.each(Object.keys(ROUTES))(`the %s page shifts by at most ${MAX_CLS} at ${VIEWPORTS.map((viewport) => `${viewport.width}×${viewport.height}`).join(' and ')}`, async (name) => {
    const route = ROUTES[name]!;
    const measured = await Promise.all(VIEWPORTS.map((viewport) => measure(route, viewport)));
    VIEWPORTS.forEach((viewport, index) => {
      const { cls, shifts: moved } = measured[index]!;
      expect(cls, `${viewport.name}: ${JSON.stringify(moved, null, 1)}`).toBeLessThanOrEqual(MAX_CLS);
    });
  });
});
