// Page helpers shared by the browser specs.
import { execFileSync } from 'node:child_process';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { TNewMember } from './api-client';

export const baseUrl = (): string => inject('baseUrl');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
}

/** A fresh context (own cookies and storage) on the test server. */
export async function newContext(browser: Browser, options: { width?: number } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1280, height: 800 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  return context;
}

/** Stores a cookie choice up front so the banner stays out of a spec about something else. */
export async function dismissCookieBanner(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => window.localStorage.setItem('cookie-consent', 'dismissed'));
}

/** Closes the onboarding tour with 'Skip tour' if it opens within the auto-start delay. */
export async function skipTourIfShown(page: Page): Promise<void> {
  const skip = page.getByRole('button', { name: 'Skip tour' });
  try {
    await skip.waitFor({ state: 'visible', timeout: 2500 });
    await skip.click();
  } catch {
    // The tour did not open (already completed for this member).
  }
}

/** New operator invitation codes, exactly as a newcomer gets them: `npm run --silent invite -- --count N`. */
export function inviteCodes(count = 1): string[] {
  const output = execFileSync('npm', ['run', '--silent', 'invite', '--', '--count', String(count)], {
    env: { ...process.env, DATA_DIR: inject('dataDir'), DATABASE_URL: '' },
    encoding: 'utf8',
  });
  return output.trim().split('\n');
}

let counter = 0;
export function uniqueEmail(prefix = 'member'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

/** Signs up through the real form with a fresh operator code. */
export async function signUpThroughForm(page: Page, member: Partial<TNewMember> = {}): Promise<TNewMember> {
  const full: TNewMember = {
    email: member.email ?? uniqueEmail(),
    password: member.password ?? 'correct-horse-battery',
    firstName: member.firstName ?? 'Ada',
    lastName: member.lastName ?? 'Lovelace',
  };
  const [code] = inviteCodes(1);
  await page.goto(`/signup?code=${code}`);
  await page.getByLabel('First name').fill(full.firstName);
  await page.getByLabel('Last name').fill(full.lastName);
  await page.getByLabel('Email').fill(full.email);
  await page.getByLabel('Password', { exact: true }).fill(full.password);
  await page.getByLabel('Confirm password').fill(full.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return full;
}

/**
 * One browser per spec file and a fresh context per test (own cookies and storage, the
 * cookie banner already answered): registers the hooks and returns the page opener.
 */
export function browserPerFile(): { openPage(): Promise<Page>; context(): BrowserContext } {
  let browser: Browser;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  afterAll(async () => {
    await browser.close();
  });
  return {
    async openPage() {
      context = await newContext(browser);
      await dismissCookieBanner(context);
      return context.newPage();
    },
    context() {
      if (!context) throw new Error('no page opened yet');
      return context;
    },
  };
}
