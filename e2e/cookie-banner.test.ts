// Cookie banner (SPEC §2, §4): shows 1.5 s after load until a choice is stored, then stays away.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './helpers';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

const banner = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });
const storedConsent = (page: Page) => page.evaluate(() => window.localStorage.getItem('cookie-consent'));

describe('cookie banner', () => {
  it('is hidden right after load and appears after 1.5 s, linking to the privacy and cookie policies', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const started = Date.now();
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    expect(await banner(page).isVisible()).toBe(false);

    await banner(page).waitFor({ state: 'visible', timeout: 5000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(await banner(page).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(await banner(page).getByRole('link', { name: 'Cookie Policy' }).getAttribute('href')).toBe('/cookies');
    expect(await storedConsent(page)).toBeNull();
    await context.close();
  });

  it.each([
    { button: 'Accept All', stored: 'accepted' },
    { button: 'Decline', stored: 'declined' },
    { button: 'Close', stored: 'dismissed' },
  ])('hides on $button, stores $stored and does not come back after a reload', async ({ button, stored }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    await banner(page).waitFor({ state: 'visible', timeout: 5000 });

    await banner(page).getByRole('button', { name: button, exact: true }).click();
    await banner(page).waitFor({ state: 'hidden', timeout: 2000 });
    expect(await storedConsent(page)).toBe(stored);

    await page.reload();
    await page.waitForTimeout(2500);
    expect(await banner(page).isVisible()).toBe(false);
    expect(await storedConsent(page)).toBe(stored);
    await context.close();
  });
});
