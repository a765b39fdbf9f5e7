// Accessibility of every route (issue 16): axe finds no serious or critical violation on any
// page of web/routes.tsx, signed out, signed in as a member and (the admin pages) as an admin,
// at 1440×900, and on the main routes at 390×844; the header included.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { matchPath } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_CATEGORIES } from '../shared/constants';
import type { TCollection } from '../shared/schemas/collection';
import type { TMyJob } from '../shared/schemas/job';
import type { TProject } from '../shared/schemas/project';
import { apiFetch, createProjectWithMedia, expectJson, postPaidJob, signUpMember, type TApiMember } from './api-helpers';
import { axeViolations, type TAxeImpact } from './axe';
import { browserPerFile, setRole, tabBeside } from './helpers';

const { openPage } = browserPerFile();

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SERIOUS: TAxeImpact[] = ['serious', 'critical'];

/** The path patterns of web/routes.tsx, read from its PAGES table (so a new route must be added here). */
const ROUTE_PATTERNS = [...readFileSync(join(import.meta.dirname, '..', 'web', 'routes.tsx'), 'utf8').matchAll(/^\s*\['([^']+)', \w+Page\],$/gm)].map((match) => match[1]!);

let creator: TApiMember;
let admin: TApiMember;
let project: TProject;
let job: TMyJob;
let collection: TCollection;

/** A concrete address for each route (query strings included where the page needs them). */
function addresses(): string[] {
  return [
    '/',
    '/login',
    '/signup',
    '/forgot-password',
    '/reset-password?token=not-a-real-token',
    '/confirm-email?token=not-a-real-token',
    '/invitation-codes',
    '/terms',
    '/privacy',
    '/cookies',
    '/about',
    `/project/${project.slug}`,
    '/upload',
    '/profile',
    '/profile?tab=liked',
    '/profile?tab=codes',
    '/profile?tab=messages',
    '/profile?tab=jobs',
    `/creator/${creator.id}`,
    `/collections/${collection.id}`,
    '/search?q=lantern',
    `/category/${encodeURIComponent(UPLOAD_CATEGORIES[2].toLowerCase())}`,
    '/inspiration',
    '/jobs',
    `/jobs/${job.id}`,
    '/post-job',
    '/support',
    '/careers',
    '/for-creators',
    '/admin',
    '/notifications',
    '/unsubscribe?token=not-a-real-token',
    '/no-such-page-here',
  ];
}

const ADMIN_ADDRESSES = () => ['/admin', '/admin/reports', '/admin/members', `/admin/members/${creator.id}`, '/admin/audit'];
const MAIN_ADDRESSES = () => ['/', `/project/${project.slug}`, '/inspiration', '/jobs', `/creator/${creator.id}`, '/search?q=lantern', '/profile'];

/** How long no request may be in flight before a page counts as settled (Playwright's 'networkidle' waits 500 ms: 40 s of this file's run). */
const QUIET_MS = 200;
/** A page whose requests never stop (a stream) is measured after this long anyway. */
const SETTLE_AT_MOST_MS = 5_000;

interface TRequestsInFlight {
  inFlight: number;
  /** When a request last started or ended. */
  changedAt: number;
}

/** Counts the page's requests in flight, from now on. */
function trackRequests(page: Page): TRequestsInFlight {
  const state: TRequestsInFlight = { inFlight: 0, changedAt: Date.now() };
  const change = (delta: number) => {
    state.inFlight += delta;
    state.changedAt = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return state;
}

/** The page once its data has arrived: loaded, no request for QUIET_MS, lazy media near the top loaded or failed. */
async function settle(page: Page, requests: TRequestsInFlight): Promise<void> {
  await page.waitForLoadState('load');
  await page.locator('main').first().waitFor();
  const deadline = Date.now() + SETTLE_AT_MOST_MS;
  while (Date.now() < deadline && (requests.inFlight > 0 || Date.now() - requests.changedAt < QUIET_MS)) await page.waitForTimeout(25);
  await page.waitForTimeout(150);
}

/** Tabs walking the addresses side by side: most of a page's time is waiting (its data, the quiet spell), which the tabs share. */
const TABS = 3;

/** Every serious or critical violation on each address, as 'address → rule: elements', in the addresses' order. */
async function violationsOn(page: Page, paths: string[], viewport: { width: number; height: number }): Promise<string[]> {
  const tabs = [page, ...(await Promise.all(Array.from({ length: TABS - 1 }, () => tabBeside(page))))];
  const found = new Map<string, string[]>();
  const queue = [...paths];
  await Promise.all(
    tabs.map(async (tab) => {
      await tab.setViewportSize(viewport);
      const requests = trackRequests(tab);
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        await tab.goto(path);
        await settle(tab, requests);
        found.set(path, (await axeViolations(tab, { impacts: SERIOUS })).map((violation) => `${path} → ${violation}`));
      }
    }),
  );
  return paths.flatMap((path) => found.get(path) ?? []);
}

describe('axe on every route', () => {
  beforeAll(async () => {
    creator = await signUpMember({ firstName: 'Iris', lastName: 'Lantern' });
    admin = await signUpMember({ firstName: 'Ada', lastName: 'Admin' });
    setRole(admin.email, 'admin');
    project = await createProjectWithMedia(creator, { title: 'Lantern Harbour', description: 'A harbour at night, lanterns on the water.', category: UPLOAD_CATEGORIES[2], tags: ['lantern', 'night'] });
    await createProjectWithMedia(admin, { title: 'Lantern Study', description: 'Second lantern study.', category: UPLOAD_CATEGORIES[2], tags: ['lantern'] });
    await apiFetch('POST', `/api/projects/${project.id}/comments`, { cookie: admin.cookie, json: { body: 'The reflections are lovely.' } });
    job = await postPaidJob(creator, { title: 'Lantern Prompt Designer' });
    collection = await expectJson<TCollection>(await apiFetch('POST', '/api/collections', { cookie: creator.cookie, json: { name: 'Night harbours', isPublic: true } }), 'Create collection');
    await apiFetch('POST', `/api/collections/${collection.id}/projects/${project.id}`, { cookie: creator.cookie });
  }, 60_000);

  it('has a checked address for every route of web/routes.tsx', () => {
    expect(ROUTE_PATTERNS.length).toBeGreaterThan(20);
    const paths = [...addresses(), ...ADMIN_ADDRESSES()].map((address) => address.split('?')[0]!);
    const unchecked = ROUTE_PATTERNS.filter((pattern) => !paths.some((path) => matchPath({ path: pattern, end: true }, path) !== null && (pattern === '*' ? path === '/no-such-page-here' : true)));
    expect(unchecked).toEqual([]);
  });

  it('finds nothing serious signed out at 1440×900', async () => {
    const page = await openPage();
    expect(await violationsOn(page, addresses(), DESKTOP)).toEqual([]);
  }, 240_000);

  it('finds nothing serious signed in as a member at 1440×900', async () => {
    const page = await openPage({ member: creator });
    expect(await violationsOn(page, addresses(), DESKTOP)).toEqual([]);
  }, 240_000);

  it('finds nothing serious on the admin pages as an admin at 1440×900', async () => {
    const page = await openPage({ member: admin });
    expect(await violationsOn(page, ADMIN_ADDRESSES(), DESKTOP)).toEqual([]);
  }, 120_000);

  it('finds nothing serious on the main routes at 390×844, signed out and signed in', async () => {
    const [visitor, member] = await Promise.all([openPage({ width: PHONE.width }), openPage({ member: creator, width: PHONE.width })]);
    const [asVisitor, asMember] = await Promise.all([violationsOn(visitor, MAIN_ADDRESSES(), PHONE), violationsOn(member, MAIN_ADDRESSES(), PHONE)]);
    expect({ asVisitor, asMember }).toEqual({ asVisitor: [], asMember: [] });
  }, 240_000);

  it('draws a two-tone focus ring, visible on the dark hero and on white', async () => {
    const page = await openPage();
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    const getStarted = page.locator('section a[href="/signup"]', { hasText: 'Get Started' });
    await getStarted.waitFor();
    await getStarted.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await getStarted.evaluate((element) => element.matches(':focus-visible'))).toBe(true);
    const ring = () =>
      getStarted.evaluate((element) => {
        const style = getComputedStyle(element);
        return { outline: `${style.outlineStyle} ${style.outlineWidth}`, outlineColor: style.outlineColor, offset: style.outlineOffset, shadow: style.boxShadow };
      });
    // Polled: the button's colour transition (outline-color included) takes 150 ms to reach the ring's colour.
    // The accent outline (seen on white) with white filling its offset (seen on the dark hero).
    await expect.poll(ring).toEqual({ outline: 'solid 2px', outlineColor: 'rgb(109, 40, 217)', offset: '2px', shadow: 'rgb(255, 255, 255) 0px 0px 0px 2px' });
  });

  it('names every card image link, or keeps it out of the accessibility tree, before its image loads', async () => {
    const page = await openPage();
    // A short window: cards below it wait to load their media (no <img> yet, so no alt text).
    await page.setViewportSize({ width: DESKTOP.width, height: 400 });
    // Media held back: no card's image has loaded when axe looks.
    await page.route(/\/media\//, () => {});
    // Not until "load": a card drawn before the load event holds it with its image, held forever here.
    await page.goto('/inspiration', { waitUntil: 'domcontentloaded' });
    await page.locator('article').first().waitFor();
    expect(await page.locator('article [data-media-state="waiting"]').count()).toBeGreaterThan(0);
    expect(await page.locator('article [data-media-state="loaded"]').count()).toBe(0);
    expect(await axeViolations(page)).not.toContainEqual(expect.stringMatching(/^link-name/));
  });

});
