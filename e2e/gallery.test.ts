// The home gallery (SPEC §2, §4, §8, §9): paging by 'Load More Projects', sorts, category and tag
// filters with chips, the designed states, lazy card media, the signed-out like and Explore.
// The database is shared with the other spec files, so expectations come from this file's own
// projects (a tag unique to the run) or from what GET /api/projects answers.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { GALLERY_PAGE_SIZE, PROJECT_SKELETONS, TIMINGS } from '../shared/constants';
import type { TProject } from '../shared/schemas/project';
import { apiFetch, createProject, listAllProjects, signUpMember, uploadFixtures, type TApiMember } from './api-helpers';
import { browserPerFile, holdRequests, openInClient, siteName, toast, waitOnStoppedClock } from './helpers';

const RUN = Date.now().toString(36);
const RUN_TAG = `gal-${RUN}`;
const SOLO_TAG = `solo-${RUN}`;
const PROJECT_COUNT = 15;
const SOCIAL_PROJECTS = 3;

const { openPage } = browserPerFile();
let member: TApiMember;
/** This file's projects, oldest first. */
const created: TProject[] = [];

/** Every project the gallery's list request answers for a query. */
const listAll = (query: string) => listAllProjects(`/api/projects?${query}`);

beforeAll(async () => {
  member = await signUpMember({ firstName: 'Grace', lastName: 'Hopper' });
  // Each media file belongs to one project: one upload per project, ten files a request at most.
  const first = await uploadFixtures(member, Array.from({ length: 10 }, () => 'a1111.png'));
  const second = await uploadFixtures(member, Array.from({ length: PROJECT_COUNT - 10 }, () => 'a1111.png'));
  const urls = [...first.urls, ...second.urls];
  for (let index = 0; index < PROJECT_COUNT; index += 1) {
    const number = String(index + 1).padStart(2, '0');
    created.push(
      await createProject(member, {
        title: `Gallery ${RUN} ${number}`,
        category: index < SOCIAL_PROJECTS ? 'Social' : 'Illustration,Print',
        images: [urls[index] ?? ''],
        tags: index === PROJECT_COUNT - 2 ? [RUN_TAG, SOLO_TAG] : [RUN_TAG],
      }),
    );
  }
  // The oldest project gets a like, so Trending (likes × 2 + views × 0.1) does not put the newest first.
  await apiFetch('POST', `/api/projects/${created[0]?.id}/like`, { cookie: member.cookie });
});

async function openHome(): Promise<Page> {
  const page = await openPage();
  await page.goto('/');
  await cards(page).first().waitFor();
  // The cards come in the server's HTML: the page answers clicks once it has hydrated and the
  // header knows the visitor (its Sign In replaces the account skeleton).
  await page.locator('header').getByRole('link', { name: 'Sign In', exact: true }).waitFor();
  return page;
}

const gallery = (page: Page) => page.locator('[data-tour="projects"]');
const cards = (page: Page) => gallery(page).locator('article');
const cardTitles = (page: Page) => cards(page).locator('h3').allInnerTexts();
const cardIds = async (page: Page) => (await cards(page).evaluateAll((articles) => articles.map((article) => article.getAttribute('data-project-id')))).map(Number);
const loadMore = (page: Page) => page.getByRole('button', { name: 'Load More Projects' });
const activeFilters = (page: Page) => page.getByRole('region', { name: 'Active filters' });
/** The gallery's list request (not /api/projects/random or one project). */
const LIST_REQUEST = /\/api\/projects\?/;
const newest = () => created[created.length - 1] as TProject;

/** Recent: this file's projects come first, newest first (nothing else creates projects meanwhile). */
async function showRecent(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Recent' }).click();
  await expect.poll(async () => (await cardTitles(page))[0]).toBe(newest().title);
}

async function pickCategory(page: Page, category: string): Promise<void> {
  await gallery(page).getByRole('button', { name: 'Categories' }).click();
  await page.getByRole('menuitemcheckbox', { name: category }).click();
  await page.keyboard.press('Escape');
}

describe('home gallery', () => {
  it('shows 12 projects, then 12 more per Load More Projects until none are left', async () => {
    const total = (await listAll('sort=trending')).length;
    expect(total).toBeGreaterThanOrEqual(PROJECT_COUNT);
    const page = await openHome();
    expect(await cards(page).count()).toBe(GALLERY_PAGE_SIZE);

    let shown = GALLERY_PAGE_SIZE;
    while (shown < total) {
      await loadMore(page).click();
      shown = Math.min(shown + GALLERY_PAGE_SIZE, total);
      await expect.poll(() => cards(page).count()).toBe(shown);
    }
    await loadMore(page).waitFor({ state: 'detached' });
    expect(new Set(await cardIds(page)).size).toBe(total);
  });

  it('puts the newest first under Recent and starts again at 12 on a new sort', async () => {
    const page = await openHome();
    expect((await cardTitles(page))[0]).not.toBe(newest().title);
    await loadMore(page).click();
    await expect.poll(() => cards(page).count()).toBeGreaterThan(GALLERY_PAGE_SIZE);

    await page.getByRole('button', { name: 'Recent' }).click();
    await expect.poll(async () => (await cardTitles(page))[0]).toBe(newest().title);
    expect(await page.getByRole('button', { name: 'Recent' }).getAttribute('aria-pressed')).toBe('true');
    expect(await cards(page).count()).toBe(GALLERY_PAGE_SIZE);

    // Back to a sort seen before: still only its first 12.
    await page.getByRole('button', { name: 'Trending' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Trending' }).getAttribute('aria-pressed')).toBe('true');
    expect(await cards(page).count()).toBe(GALLERY_PAGE_SIZE);
    expect((await cardTitles(page))[0]).not.toBe(newest().title);
  });

  it('filters by category with a chip under Active filters, and Clear all goes back to 12', async () => {
    const socialIds = new Set((await listAll('sort=trending&category=Social')).map((project) => project.id));
    expect(socialIds.size).toBeGreaterThanOrEqual(SOCIAL_PROJECTS);
    const page = await openHome();
    await loadMore(page).click();
    await expect.poll(() => cards(page).count()).toBeGreaterThan(GALLERY_PAGE_SIZE);

    await pickCategory(page, 'Social');
    await expect.poll(() => cards(page).count()).toBe(Math.min(socialIds.size, GALLERY_PAGE_SIZE));
    for (const id of await cardIds(page)) expect(socialIds.has(id)).toBe(true);
    expect(await activeFilters(page).getByText('Active filters:').isVisible()).toBe(true);
    expect(await activeFilters(page).getByRole('button', { name: 'Remove filter Social' }).isVisible()).toBe(true);

    await activeFilters(page).getByRole('button', { name: 'Clear all' }).click();
    await expect.poll(() => cards(page).count()).toBe(GALLERY_PAGE_SIZE);
    expect(await activeFilters(page).count()).toBe(0);
  });

  it("filters by a card's tag chip, and says when no project matches the filters", async () => {
    const page = await openHome();
    await showRecent(page);
    await gallery(page).getByRole('button', { name: `Filter by tag ${SOLO_TAG}` }).click();
    await expect.poll(() => cardTitles(page)).toEqual([created[PROJECT_COUNT - 2]?.title]);
    expect(await activeFilters(page).getByRole('button', { name: `Remove filter #${SOLO_TAG}` }).isVisible()).toBe(true);

    // The solo project is not in Social: both filters together match nothing.
    await pickCategory(page, 'Social');
    await page.getByRole('heading', { name: 'No projects match your filters' }).waitFor();
    expect(await page.getByText('Try adjusting your category or tag selections to see more results.').isVisible()).toBe(true);
    expect(await cards(page).count()).toBe(0);

    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await expect.poll(() => cards(page).count()).toBe(GALLERY_PAGE_SIZE);
    expect(await activeFilters(page).count()).toBe(0);
  });

  it('shows 8 skeleton cards while loading, then the error view, and Try Again loads the projects', async () => {
    const page = await openPage();
    await page.route(LIST_REQUEST, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal Server Error"}' }));
    const answerFailure = await holdRequests(page, LIST_REQUEST);
    await openInClient(page, '/');
    const loading = gallery(page).getByRole('status', { name: 'Loading projects' });
    await loading.waitFor();
    expect(await loading.locator(':scope > *').count()).toBe(PROJECT_SKELETONS);

    answerFailure();
    await gallery(page).getByRole('heading', { name: 'Something went wrong' }).waitFor();
    expect(await gallery(page).getByText("We couldn't load the projects. Please try again later.").isVisible()).toBe(true);

    await page.unroute(LIST_REQUEST);
    await gallery(page).getByRole('button', { name: 'Try Again' }).click();
    await expect.poll(() => cards(page).count()).toBe(GALLERY_PAGE_SIZE);
  });

  it('invites the first upload when there are no projects at all', async () => {
    const page = await openPage();
    await page.route(LIST_REQUEST, (route) => route.fulfill({ status: 200, contentType: 'application/json', headers: { 'x-has-more': 'false' }, body: '[]' }));
    await openInClient(page, '/');
    await gallery(page).getByRole('heading', { name: 'No projects found' }).waitFor();
    expect(await gallery(page).getByText('Be the first to share your creative work with the community.').isVisible()).toBe(true);
    expect(await gallery(page).getByRole('link', { name: 'Share Your Work' }).getAttribute('href')).toBe('/upload');
    expect(await loadMore(page).count()).toBe(0);
  });

  it('lays the cards out in 4, 3, 2 and 1 columns as the window narrows', async () => {
    const page = await openHome();
    const columns = async () => {
      const tops = await cards(page).evaluateAll((articles) => articles.slice(0, 5).map((article) => Math.round(article.getBoundingClientRect().top)));
      return tops.filter((top) => top === tops[0]).length;
    };
    for (const [width, expected] of [[1280, 4], [1024, 3], [640, 2], [639, 1]] as const) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(columns).toBe(expected);
    }
  });

  it('loads card media only near the viewport, at card size, with a placeholder first', async () => {
    const page = await openHome();
    await showRecent(page);
    // Recent: this file's projects newest first, so the twelfth card is the fourth created.
    const last = cards(page).nth(GALLERY_PAGE_SIZE - 1);
    const project = created[PROJECT_COUNT - GALLERY_PAGE_SIZE] as TProject;
    expect(await last.getAttribute('data-project-id')).toBe(String(project.id));
    const media = last.locator('[data-media-state]');
    expect(await media.getAttribute('data-media-state')).toBe('waiting');
    expect(await media.locator('img[alt=""]').getAttribute('src')).toMatch(/^data:image\/png/);
    expect(await media.locator('img:not([alt=""])').count()).toBe(0);

    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => media.getAttribute('data-media-state')).toBe('loaded');
    const image = media.locator('img:not([alt=""])');
    expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/card\.(webp|avif)$/);
    expect(await image.getAttribute('width')).toBe('400');
    expect(await image.getAttribute('alt')).toBe(`AI-generated illustration by @Grace Hopper on ${siteName()} - ${project.title}`);
  });

  it("shows 'Failed to load' when a card's media cannot be fetched", async () => {
    const page = await openPage();
    await page.route(/\/media\/.+\/card\.(webp|avif)$/, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/');
    await showRecent(page);
    const first = cards(page).first();
    await first.scrollIntoViewIfNeeded();
    await first.getByText('Failed to load').waitFor();
  });

  it('asks a signed-out visitor to log in when liking, then goes to the login page after 1000 ms', async () => {
    const page = await openPage({ stoppedClock: true });
    await page.goto('/');
    await waitOnStoppedClock(page, cards(page).first());
    // The server's page has hydrated and the header knows the visitor is signed out (its Sign In
    // replaced the account skeleton): effects run after a frame, and frames wait on this clock.
    await waitOnStoppedClock(page, page.locator('header').getByRole('link', { name: 'Sign In', exact: true }));
    await cards(page).first().getByRole('button', { name: /^Like,/ }).click();
    await waitOnStoppedClock(page, toast(page, 'Authentication Required').filter({ hasText: 'Please log in to like projects' }));
    // The few milliseconds it took the toast to show are well inside the delay.
    expect(new URL(page.url()).pathname).toBe('/');
    await page.clock.runFor(TIMINGS.failedLikeRedirect);
    await page.waitForURL((url) => url.pathname === '/login');
  });
});

describe('Explore', () => {
  it('opens a random project from the gallery', async () => {
    const slugs = new Set((await listAll('sort=recent')).map((project) => project.slug));
    const page = await openPage();
    await page.goto('/about');
    await page.locator('header').getByRole('button', { name: 'Explore' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/project/'));
    expect(slugs.has(decodeURIComponent(new URL(page.url()).pathname.slice('/project/'.length)))).toBe(true);
  });

  it('goes home when there is no project to open', async () => {
    const page = await openPage();
    await page.route('**/api/projects/random', (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"No projects yet"}' }));
    await page.goto('/about');
    await page.locator('header').getByRole('button', { name: 'Explore' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});
