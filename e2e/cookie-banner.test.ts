// Cookie banner (SPEC §2, §4): shows 1.5 s after load until a choice is stored, then stays away.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TIMINGS } from '../shared/constants';
import { browserPerFile } from './helpers';

const { openPage } = browserPerFile();

const banner = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });
const storedConsent = (page: Page) => page.evaluate(() => window.localStorage.getItem('cookie-consent'));

/** Loads the page with its clock stopped: the banner's delay runs only as the test lets time pass. */
async function openHome(): Promise<Page> {
  const page = await openPage({ cookieBanner: true, stoppedClock: true });
  await page.goto('/');
  await page.locator('header').waitFor();
  return page;
}

describe('cookie banner', () => {
  it('is hidden right after load and appears after 1.5 s, linking to the privacy and cookie policies', async () => {
    const page = await openHome();
    await page.clock.runFor(TIMINGS.cookieBannerDelay - 1);
    expect(await banner(page).isVisible()).toBe(false);

    await page.clock.runFor(1);
    await banner(page).waitFor();
    expect(await banner(page).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(await banner(page).getByRole('link', { name: 'Cookie Policy' }).getAttribute('href')).toBe('/cookies');
    expect(await storedConsent(page)).toBeNull();
  });

  it.each([
    { button: 'Accept All', stored: 'accepted' },
    { button: 'Decline', stored: 'declined' },
    { button: 'Close', stored: 'dismissed' },
  ])('hides on $button, stores $stored and does not come back after a reload', async ({ button, stored }) => {
    const page = await openHome();
    await page.clock.runFor(TIMINGS.cookieBannerDelay);
    await banner(page).getByRole('button', { name: button, exact: true }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    expect(await storedConsent(page)).toBe(stored);

    await page.reload();
    await page.locator('header').waitFor();
    await page.clock.runFor(2 * TIMINGS.cookieBannerDelay);
    expect(await banner(page).isVisible()).toBe(false);
    expect(await storedConsent(page)).toBe(stored);
  });
});
