// How a server-rendered page becomes interactive (README 'Server-side rendering'): its code loads
// once the page has painted and its largest image arrived (web/boot.ts); it hydrates in parts,
// each in a task of its own (web/lib/hydration.ts); and a click made before then is not lost.
import { beforeAll, describe, expect, it } from 'vitest';
import { createProject, signUpMember, uploadFixtures } from './api-helpers';
import { browserPerFile, holdRequests, waitForHydration } from './helpers';

const RUN = Date.now().toString(36);
const { openPage } = browserPerFile();

beforeAll(async () => {
  // The home page has cards (and so a largest image) whatever else the shared database holds.
  const member = await signUpMember({ firstName: 'Hydra', lastName: RUN });
  const { urls } = await uploadFixtures(member, ['a1111.png', 'a1111.png']);
  for (const [index, url] of urls.entries()) await createProject(member, { title: `Hydrated ${RUN} ${index + 1}`, category: 'Illustration', images: [url] });
});

describe('a server-rendered page becoming interactive', () => {
  it('loads its code after the first paint and after its largest image has arrived', async () => {
    const page = await openPage({ width: 390 });
    await page.goto('/');
    const timing = await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const boot = document.querySelector<HTMLScriptElement>('script[data-entry]');
      const entry = resources.find((resource) => boot?.dataset.entry && resource.name.endsWith(boot.dataset.entry));
      const image = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
      const largest = resources.find((resource) => image?.currentSrc && resource.name === image.currentSrc);
      return {
        entryStart: entry?.startTime ?? null,
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        largestImageEnd: largest?.responseEnd ?? null,
      };
    });
    expect(timing.entryStart).not.toBeNull();
    expect(timing.firstPaint).not.toBeNull();
    expect(timing.largestImageEnd).not.toBeNull();
    expect(timing.entryStart).toBeGreaterThanOrEqual(timing.firstPaint as number);
    expect(timing.entryStart).toBeGreaterThanOrEqual(timing.largestImageEnd as number);
  });

  it('hydrates the first pass, then each card, the header, the hero, the filters and the footer in tasks of their own', async () => {
    const page = await openPage({ width: 1440 });
    await page.goto('/');
    await waitForHydration(page);
    const cards = await page.locator('#root article[data-project-id]').count();
    const measures = await page.evaluate(() => ({
      firstPass: performance.getEntriesByName('hydration: first pass').length,
      parts: performance.getEntriesByName('hydration: a deferred part').length,
    }));
    expect(cards).toBeGreaterThanOrEqual(2);
    expect(measures.firstPass).toBe(1);
    // Every card, plus the header, the hero, the sort and filter controls and the footer.
    expect(measures.parts).toBe(cards + 4);
  });

  it('makes a click given before the page has hydrated again once it has', async () => {
    const page = await openPage({ width: 1440 });
    // The page's code is held back: the server's HTML is all there is.
    const release = await holdRequests(page, '**/assets/index-*.js');
    const loading = page.goto('/');
    await page.getByRole('heading', { name: 'Featured Projects' }).waitFor();
    await page.getByRole('button', { name: 'Recent' }).click();
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName('hydration: first pass').length)).toBe(0);
    release();
    await loading;
    // Held, then made again by the hydrated button: the gallery shows the newest work.
    await page.getByRole('heading', { name: 'Recent Projects' }).waitFor();
    expect(await page.getByRole('button', { name: 'Recent' }).getAttribute('aria-pressed')).toBe('true');
  });
});
