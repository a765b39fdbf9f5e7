// The site shell (SPEC §2, §9): routing rules, header search hand-off, the phone drawer (Explore: gallery.test.ts) and toast placement.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { COPYRIGHT_YEAR } from '../shared/constants';
import { browserPerFile, siteName, toast, uniqueEmail } from './helpers';

const { openPage } = browserPerFile();

const pathname = (page: Page) => new URL(page.url()).pathname;

async function failSignIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await toast(page).waitFor();
}

describe('site shell', () => {
  it('matches routes case-insensitively with an optional trailing slash and titles each page', async () => {
    const page = await openPage();
    await page.goto('/LOGIN/');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await page.title()).toBe(`Sign In | ${siteName()}`);

    await page.goto('/Invitation-Codes');
    await page.getByRole('heading', { name: 'Access Required' }).waitFor();

    await page.goto('/JOBS/');
    await page.getByRole('heading', { name: 'Find Your Dream AI Job', level: 1 }).waitFor();
    expect(pathname(page)).toBe('/JOBS/');
  });

  it("names the product as the server is configured (SITE_NAME) in the page, the logo and the footer's copyright line, without asking for it", async () => {
    const page = await openPage();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto('/about');
    await page.getByRole('heading', { name: `About ${siteName()}`, level: 1 }).waitFor();
    // The page the server sent carries the name and support address: GET /api/site is for pages without them.
    expect(asked).not.toContain('/api/site');
    expect(await page.locator('header').getByRole('link', { name: siteName() }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('contentinfo').getByText(`© ${COPYRIGHT_YEAR} ${siteName()}. All rights reserved.`).isVisible()).toBe(true);
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
    const page = await openPage({ width: 390 });
    await page.goto('/');
    expect(await page.locator('header').getByPlaceholder('Search projects...').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    // Where it rests once it has slid in.
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(390 - 300);
    expect((await drawer.boundingBox())?.width).toBe(300);
    expect(await drawer.getByPlaceholder('Search projects...').isVisible()).toBe(true);
    expect(await drawer.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/api/login?next=%2F');
    expect(await drawer.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/signup');

    await drawer.getByRole('link', { name: 'Jobs' }).click();
    await page.waitForURL((url) => url.pathname === '/jobs');
    expect(await drawer.isVisible()).toBe(false);
  });

  it('shows toasts bottom-right on wide screens and top-centre on phones', async () => {
    const wide = await openPage({ width: 1280 });
    await failSignIn(wide);
    const wideToaster = wide.locator('[data-sonner-toaster]');
    expect(await wideToaster.getAttribute('data-y-position')).toBe('bottom');
    expect(await wideToaster.getAttribute('data-x-position')).toBe('right');

    const phone = await openPage({ width: 390 });
    await failSignIn(phone);
    const phoneToaster = phone.locator('[data-sonner-toaster]');
    expect(await phoneToaster.getAttribute('data-y-position')).toBe('top');
    expect(await phoneToaster.getAttribute('data-x-position')).toBe('center');
  });
});
