// What the browser specs share: one browser per file, a fresh context per page (cookie choice
// made, a member signed in with the tour done), the page clock, held requests, toasts and sign-up.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { STORAGE_KEYS } from '../shared/constants';
import type { TApiMember, TNewMember } from './api-client';
import type { TTestServer } from './global-setup';

/** This worker's test server (e2e/global-setup.ts): files side by side never share one. */
function ownServer(): TTestServer {
  const servers = inject('servers');
  return servers[(Number(process.env.VITEST_POOL_ID ?? '1') - 1) % servers.length]!;
}
export const baseUrl = (): string => ownServer().baseUrl;
/** The test server's data folder, for what the operator runs on it (npm run invite, admin) and reads of its database. */
export const dataDir = (): string => ownServer().dataDir;
/** The product name the test server is configured with (SITE_NAME): the client must show this one. */
export const siteName = (): string => inject('siteName');

export interface TPageOptions {
  /** Signed in as this member, the onboarding tour already done. */
  member?: TApiMember;
  width?: number;
  reducedMotion?: 'reduce';
  /** Leave the cookie choice unmade, so the banner shows (its own spec); else it is made up front. */
  cookieBanner?: boolean;
  /** Stop the page's clock: timers (the banner's and the tour's delays) run only by `page.clock.runFor`. */
  stoppedClock?: boolean;
}

export interface TBrowserPerFile {
  /** A page in a fresh context (own cookies and storage), closed after the test. */
  openPage(options?: TPageOptions): Promise<Page>;
}

/**
 * The features Playwright 1.65 turns off (its `--disable-features`; e2e/browser-launch.test.ts
 * checks the list against the installed Playwright). Chromium keeps only the last
 * `--disable-features` on its command line, so ours must repeat these and replace theirs.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];
/**
 * Headless Chromium gives each new context's first page two renderers no test draws with: the
 * omnibox popup's WebUI (a browser window's own UI) and a spare kept warm for the next site.
 * Without them a context and its page start one renderer instead of three, and a context
 * opened, taken to two pages and closed costs 1.3–1.5 s of CPU instead of 2.3–2.6 s (measured).
 */
export const UNUSED_RENDERER_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup', 'SpareRendererForSitePerProcess'];

/** Chromium as the browser specs drive it (headless, software rendering, no background work). */
export function launchChromium(): Promise<Browser> {
  const disabled = (features: string[]) => `--disable-features=${features.join(',')}`;
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    ignoreDefaultArgs: [disabled(PLAYWRIGHT_DISABLED_FEATURES)],
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', disabled([...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_RENDERER_FEATURES])],
  });
}

/** Registers the hooks for one browser per spec file and a fresh context per page. */
export function browserPerFile(): TBrowserPerFile {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser.close();
  });
  return {
    async openPage({ member, width = 1280, reducedMotion, cookieBanner = false, stoppedClock = false } = {}) {
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport: { width, height: 800 },
        reducedMotion,
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      contexts.push(context);
      if (!cookieBanner) await context.addInitScript((key) => window.localStorage.setItem(key, 'dismissed'), STORAGE_KEYS.cookieConsent);
      if (member) {
        await context.addCookies([{ name: 'sid', value: member.cookie, url: baseUrl(), httpOnly: true, sameSite: 'Lax' }]);
        await context.addInitScript(({ prefix, id }) => window.localStorage.setItem(`${prefix}_${id}`, 'true'), {
          prefix: STORAGE_KEYS.onboardingCompletedPrefix,
          id: member.id,
        });
      }
      const page = await context.newPage();
      if (stoppedClock) await stopClock(page);
      answerOnceMounted(page);
      return page;
    },
  };
}

/** Another tab beside `page`: the same context (cookies, storage, viewport), waiting for the app like it. */
export async function tabBeside(page: Page): Promise<Page> {
  const tab = await page.context().newPage();
  answerOnceMounted(tab);
  return tab;
}

/**
 * Opens a server-rendered page (README 'Server-side rendering') as the client draws it: from a
 * page the client renders, by the header's link. Its loading, error and empty states show only
 * this way; a page loaded directly arrives with its content.
 */
export async function openInClient(page: Page, href: string): Promise<void> {
  await page.goto('/about');
  await page.locator(`header a[href="${href}"]`).first().click();
}

/** From now on (and across reloads) the page's timers run only by `page.clock.runFor`, until `page.clock.resume()`. */
export async function stopClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
}

/**
 * With the clock stopped, lets the page's time move in small steps until the element shows:
 * answers reach components through zero-delay timers, and React shows a page that was loading
 * only after a short throttle, so time has to pass for those too.
 */
export async function waitOnStoppedClock(page: Page, element: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.clock.runFor(10);
        return element.isVisible();
      },
      { timeout: 10_000 },
    )
    .toBe(true);
}

/**
 * Holds requests matching `url` until the returned release is called, then passes them on: to a
 * route registered before this one (a made-up answer), else to the server.
 */
export async function holdRequests(page: Page, url: Parameters<Page['route']>[0]): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.fallback();
  });
  return release;
}

/** The toasts on the page; with a title, the one with that title. */
export function toast(page: Page, title?: string) {
  const toasts = page.locator('[data-sonner-toast]');
  return title ? toasts.filter({ has: page.getByText(title, { exact: true }) }) : toasts;
}

/**
 * Operator codes made ahead, for this file alone (each file has its own module state): one run
 * of the CLI cost about 1.3 s of CPU through npm and tsx (0.35 s bundled, without npm), and
 * nearly every test signs a member up, so a file asks for a batch once instead of a run per
 * sign-up. A code left over stays unused in the worker's database, which no test counts.
 */
const unusedCodes: string[] = [];
const CODES_PER_RUN = 25;

const LAUNCH = fileURLToPath(new URL('../server/cli/launch.mjs', import.meta.url));
/** What `npm run --silent <command> -- …` runs (package.json), without npm's own start. */
const operatorCommand = (command: string, args: string[]) => execFileSync(process.execPath, [LAUNCH, command, ...args], { env: { ...process.env, DATA_DIR: dataDir(), DATABASE_URL: '' }, encoding: 'utf8' });

/** New operator invitation codes, exactly as a newcomer gets them: `npm run --silent invite -- --count N`. */
export function inviteCodes(count = 1): string[] {
  if (unusedCodes.length < count) {
    const output = operatorCommand('invite', ['--count', String(Math.max(count, CODES_PER_RUN))]);
    unusedCodes.push(...output.trim().split('\n'));
  }
  return unusedCodes.splice(0, count);
}

/** Makes a member a moderator or admin (or a member again), exactly as the operator does: `npm run --silent admin`. */
export function setRole(email: string, role: 'member' | 'moderator' | 'admin'): void {
  operatorCommand('admin', ['--email', email, '--role', role]);
}

let counter = 0;
export function uniqueEmail(prefix = 'member'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

/**
 * Signs up through the real form with a fresh operator code. A new member is greeted by the
 * onboarding tour: it is skipped unless the spec is about the tour.
 */
export async function signUpThroughForm(page: Page, member: Partial<TNewMember> = {}, { tour = 'skip' }: { tour?: 'skip' | 'keep' } = {}): Promise<TNewMember> {
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
  if (tour === 'skip') await page.getByRole('button', { name: 'Skip tour' }).click();
  return full;
}

/** Signs a member in through the login form the page is on; their tour counts as done in this browser, so it does not greet them. */
export async function signInThroughForm(page: Page, member: TApiMember): Promise<void> {
  await page.context().addInitScript(({ key }) => window.localStorage.setItem(key, 'true'), { key: `${STORAGE_KEYS.onboardingCompletedPrefix}_${member.id}` });
  const form = page.locator('main form');
  await form.getByLabel('Email').fill(member.email);
  await form.getByLabel('Password').fill(member.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * In the page: the client's React has taken over its root (hydrated every part of the server's
 * HTML, or drawn the shell). React marks the container (`__reactContainer…`); Preact, which the client runs on
 * (vite.config.ts), keeps the root's virtual tree there (`__k`, Preact's `_children`). Either is
 * taken, so one helper serves both. A document without the root counts only when `orNoRoot`.
 */
function appMounted(orNoRoot: boolean): boolean {
  const root = document.getElementById('root');
  if (!root) return orNoRoot;
  const taken = '__k' in root || Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  // A server-rendered page (it carries its answers) hydrates in parts (web/lib/hydration.ts): all of them.
  const serverRendered = document.getElementById('query-state') !== null;
  return taken && (!serverRendered || root.hasAttribute('data-hydrated'));
}

/** Hydrated (or drawn): the app has taken over the root. */
export async function waitForHydration(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(appMounted, false)).toBe(true);
}

/**
 * `goto` and `reload` resolve once the app has taken over the page (hydrated the server's HTML,
 * or drawn the shell), as a person would see it: the server-rendered controls are there before
 * their handlers, what is typed into a form before hydration is not in the form's state, and
 * Preact, unlike React, does not replay a click made before hydration. A document without the
 * app's root (an API answer, a media file) resolves at once.
 */
function answerOnceMounted(page: Page): void {
  const mounted = () => page.waitForFunction(appMounted, true);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await mounted();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await mounted();
    return response;
  };
}
