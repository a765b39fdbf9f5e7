// The site shell (SPEC §2, §9): routing rules, header search hand-off, the phone drawer (Explore: gallery.test.ts) and toast placement.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dismissCookieBanner, launchBrowser, newContext, uniqueEmail } from './helpers';

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await context.close();
});

afterAll(async () => {
  await browser.close();
});

async function openPage(width = 1280): Promise<Page> {
  context = await newContext(browser, { width });
  await dismissCookieBanner(context);
  return context.newPage();
}

const pathname = (page: Page) => new URL(page.url()).pathname;

async function failSignIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.locator('[data-sonner-toast]').waitFor({ timeout: 5000 });
}

describe('site shell', () => {
  it('matches routes case-insensitively with an optional trailing slash and titles each page', async () => {
    const page = await openPage();
    await page.goto('/LOGIN/');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await page.title()).toBe('Sign In | Portfolio Platform');

    await page.goto('/Invitation-Codes');
    await page.getByRole('heading', { name: 'Access Required' }).waitFor();

    await page.goto('/JOBS/');
    await page.getByRole('heading', { name: 'Find Your Dream AI Job', level: 1 }).waitFor();
    expect(pathname(page)).toBe('/JOBS/');
  });

  it('ignores a blank header search and hands a trimmed one to /search through session storage', async () => {
    const page = await openPage();
    await page.goto('/terms');
    const box = page.locator('header').getByPlaceholder('Search projects...');
    await box.fill('   ');
    await box.press('Enter');
    expect(pathname(page)).toBe('/terms');
    expect(await page.evaluate(() => sessionStorage.getItem('headerSearchQuery'))).toBeNull();

    await box.fill('  neon cats  ');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    expect(await box.inputValue()).toBe('');
    // The search page takes the query over and removes it from session storage.
    await page.getByRole('heading', { name: 'Search Results for "neon cats"' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('headerSearchQuery'))).toBeNull();

    // Already on /search: the page reloads so it reads the new query.
    await page.evaluate(() => Object.assign(window, { beforeSearch: true }));
    await box.fill('robots');
    await Promise.all([page.waitForEvent('load'), box.press('Enter')]);
    expect(await page.evaluate(() => 'beforeSearch' in window)).toBe(false);
    await page.getByRole('heading', { name: 'Search Results for "robots"' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('headerSearchQuery'))).toBeNull();
  });

  it('opens a 300 px drawer from the right on phones, with the full-page Sign In', async () => {
    const page = await openPage(390);
    await page.goto('/');
    expect(await page.locator('header').getByPlaceholder('Search projects...').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    await page.waitForTimeout(300);
    const box = await drawer.boundingBox();
    expect(box?.width).toBe(300);
    expect(box?.x).toBe(390 - 300);
    expect(await drawer.getByPlaceholder('Search projects...').isVisible()).toBe(true);
    expect(await drawer.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/api/login');

    await drawer.getByRole('link', { name: 'Jobs' }).click();
    await page.waitForURL((url) => url.pathname === '/jobs');
    expect(await drawer.isVisible()).toBe(false);
  });

  it('shows toasts bottom-right on wide screens and top-centre on phones', async () => {
    const wide = await openPage(1280);
    await failSignIn(wide);
    const wideToaster = wide.locator('[data-sonner-toaster]');
    expect(await wideToaster.getAttribute('data-y-position')).toBe('bottom');
    expect(await wideToaster.getAttribute('data-x-position')).toBe('right');
    await context.close();

    const phone = await openPage(390);
    await failSignIn(phone);
    const phoneToaster = phone.locator('[data-sonner-toaster]');
    expect(await phoneToaster.getAttribute('data-y-position')).toBe('top');
    expect(await phoneToaster.getAttribute('data-x-position')).toBe('center');
  });
});
