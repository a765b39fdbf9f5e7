// The 404 page (SPEC §2 '404 page'): texts, ways out, and its two easter eggs.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TIMINGS } from '../shared/constants';
import { browserPerFile, siteName, stopClock, waitOnStoppedClock, type TPageOptions } from './helpers';

const { openPage } = browserPerFile();

async function openUnknownPage(options: TPageOptions = {}): Promise<Page> {
  const page = await openPage(options);
  await page.goto('/no/such-page-here');
  await page.getByRole('heading', { name: 'Oops! Page Not Found' }).waitFor();
  return page;
}

const digits = (page: Page) => page.getByRole('button', { name: '404', exact: true });
const confettiCanvas = (page: Page) => page.locator('canvas[data-confetti]');

async function clickDigits(page: Page, times: number): Promise<void> {
  for (let click = 0; click < times; click += 1) await digits(page).click();
}

const KONAMI_KEYS = ['ArrowUp', 'ArrowUp', 'ArrowDown', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'ArrowLeft', 'ArrowRight', 'b', 'a'];

describe('404 page', () => {
  it('shows the heading, a joke, the three ways out and a fun fact for an unknown path', async () => {
    const page = await openUnknownPage();
    expect(await page.title()).toBe(`Page Not Found | ${siteName()}`);

    const ways = page.getByRole('navigation', { name: 'Where to next' });
    const links = [
      { name: 'Go Home', href: '/' },
      { name: 'Search Projects', href: '/search' },
      { name: 'Share Your Work', href: '/upload' },
    ];
    for (const { name, href } of links) {
      expect(await ways.getByRole('link', { name: new RegExp(name) }).getAttribute('href')).toBe(href);
    }
    expect(await page.getByRole('heading', { name: 'Fun fact' }).isVisible()).toBe(true);

    await ways.getByRole('link', { name: /Search Projects/ }).click();
    await page.waitForURL((url) => url.pathname === '/search');
  });

  it('hints "Keep clicking" after the third click on 404, not before', async () => {
    const page = await openUnknownPage();
    await clickDigits(page, 2);
    expect(await page.getByText('Keep clicking').isVisible()).toBe(false);

    await clickDigits(page, 1);
    await page.getByText('Keep clicking').waitFor({ state: 'visible', timeout: 2000 });
    expect(await confettiCanvas(page).count()).toBe(0);
  });

  it('throws confetti for 5 s after the seventh click', async () => {
    const page = await openUnknownPage();
    // From here the page's timers run only as the test moves its clock: 5 s without waiting 5 s.
    await stopClock(page);
    await clickDigits(page, 6);
    expect(await confettiCanvas(page).count()).toBe(0);

    await clickDigits(page, 1);
    await waitOnStoppedClock(page, page.getByText('You found it!'));
    expect(await confettiCanvas(page).count()).toBe(1);

    await page.clock.runFor(TIMINGS.confettiDuration - 500);
    expect(await confettiCanvas(page).count()).toBe(1);
    await page.clock.runFor(1000);
    await confettiCanvas(page).waitFor({ state: 'detached', timeout: 10_000 });
    expect(await page.getByText('You found it!').isVisible()).toBe(false);
  });

  it('skips the confetti animation but still celebrates when the visitor prefers reduced motion', async () => {
    const page = await openUnknownPage({ reducedMotion: 'reduce' });
    await clickDigits(page, 7);
    await page.getByText('You found it!').waitFor({ state: 'visible', timeout: 2000 });
    expect(await confettiCanvas(page).count()).toBe(0);
  });

  it('turns on magic mode for 10 s after the Konami code', async () => {
    const page = await openUnknownPage();
    await stopClock(page);
    const magic = page.getByText('Magic mode');
    for (const key of KONAMI_KEYS.slice(0, -1)) await page.keyboard.press(key);
    expect(await magic.isVisible()).toBe(false);

    await page.keyboard.press('a');
    await waitOnStoppedClock(page, magic);

    await page.clock.runFor(TIMINGS.konamiDuration - 500);
    expect(await magic.isVisible()).toBe(true);
    await page.clock.runFor(1000);
    await magic.waitFor({ state: 'hidden', timeout: 10_000 });
  });
});
