// How a server-rendered page becomes interactive (README 'Server-side rendering'): its code loads
// once the page has painted and its largest image arrived (web/boot.ts); it hydrates in parts,
// each in a task of its own (web/lib/hydration.ts); and a click made before then is not lost.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProject, signUpMember, uploadFixtures } from './api-helpers';
import { browserPerFile, holdRequests, waitForHydration } from './helpers';

const RUN = Date.now().toString(36);
const { openPage } = browserPerFile();

const cardCount = (page: Page) => page.locator('#root article[data-project-id]').count();
const hydratedParts = (page: Page) => page.evaluate(() => performance.getEntriesByName('hydration: a deferred part').length);

/** Scrolls down the whole page a screen at a time, as a reader would, each step painted. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await frame();
      await frame();
    }
  });
}

beforeAll(async () => {
  // The home page has cards (and so a largest image) whatever else the shared database holds.
  const member = await signUpMember({ firstName: 'Hydra', lastName: RUN });
  // Six cards: on a phone the last ones are more than a screen below the first.
  const { urls } = await uploadFixtures(member, Array.from({ length: 6 }, () => 'a1111.png'));
  for (const [index, url] of urls.entries()) await createProject(member, { title: `Hydrated ${RUN} ${index + 1}`, category: 'Illustration', images: [url] });
});

/**
 * `/` hydrated on a phone, some cards still waiting, and a mark on the window that only a
 * navigation within the app (no page load) keeps.
 */
async function phoneHomeWithCardsWaiting(): Promise<{ page: Page; before: number }> {
  const page = await openPage({ width: 390 });
  await page.goto('/');
  await waitForHydration(page);
  const before = await hydratedParts(page);
  expect(before).toBeLessThan((await cardCount(page)) + 4);
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  return { page, before };
}

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

  it('asks for the toast outlet’s code only once the page has hydrated, and leaves the history entry numbered for the router', async () => {
    const page = await openPage({ width: 390 });
    await page.goto('/');
    await waitForHydration(page);
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((resource) => /\/assets\/toaster-[^/]+\.js$/.test(resource.name)));
    const timing = await page.evaluate(() => ({
      hydrated: performance.getEntriesByName('app:hydrated')[0]?.startTime ?? null,
      toaster: performance.getEntriesByType('resource').find((resource) => /\/assets\/toaster-[^/]+\.js$/.test(resource.name))?.startTime ?? null,
      entry: (history.state as { idx?: number } | null)?.idx ?? null,
    }));
    expect(timing.hydrated).not.toBeNull();
    expect(timing.toaster).toBeGreaterThanOrEqual(timing.hydrated as number);
    expect(timing.entry).toBe(0);
  });

  it('hydrates the first pass, then each card, the header, the hero, the filters and the footer in tasks of their own', async () => {
    const page = await openPage({ width: 1440 });
    await page.goto('/');
    await waitForHydration(page);
    const cards = await cardCount(page);
    expect(cards).toBeGreaterThanOrEqual(2);
    expect(await page.evaluate(() => performance.getEntriesByName('hydration: first pass').length)).toBe(1);
    // The footer may be more than a screen below: scrolled to, it hydrates too.
    await scrollThrough(page);
    // Every card, plus the header, the hero, the sort and filter controls and the footer.
    await expect.poll(() => hydratedParts(page)).toBe(cards + 4);
  });

  it('hydrates cards more than a screen below the viewport only once they come near', async () => {
    const page = await openPage({ width: 390 });
    await page.goto('/');
    await waitForHydration(page);
    const cards = await cardCount(page);
    const withThePage = await hydratedParts(page);
    // The header, the hero, the filters and the first cards; not the cards far below, nor the footer.
    expect(withThePage).toBeGreaterThanOrEqual(4);
    expect(withThePage).toBeLessThan(cards + 4);
    await scrollThrough(page);
    await expect.poll(() => hydratedParts(page)).toBe(cards + 4);
  });

  it('holds a click on a card that has not hydrated yet and makes it again once it has: the app navigates, the page does not reload', async () => {
    const { page, before } = await phoneHomeWithCardsWaiting();
    // Clicked from the page's script: nothing scrolls first, the last card is still far below.
    const href = await page.evaluate(() => {
      const links = document.querySelectorAll<HTMLAnchorElement>('#root article[data-project-id] a[href^="/project/"]');
      const last = links[links.length - 1];
      last?.click();
      return last?.getAttribute('href');
    });
    expect(href).toBeTruthy();
    await page.waitForURL(`**${href}`);
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
    expect(await hydratedParts(page)).toBeGreaterThan(before);
  });

  it('leaves nothing of the cards still waiting when the app goes to another page', async () => {
    const { page } = await phoneHomeWithCardsWaiting();
    // What a hydrated link does: React Router follows the history.
    await page.evaluate(() => {
      history.pushState(null, '', '/jobs');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { name: 'Find Your Dream AI Job' }).waitFor();
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
    expect(await cardCount(page)).toBe(0);
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
