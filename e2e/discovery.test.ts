// Discovery (SPEC §2, §3, §5; issue 4): the header search hand-off to /search, search sort and
// category filters, the category page with real counts, sort, list view and tag filters, and the
// inspiration tabs with load more. The database is shared with the other spec files, so this file
// makes its own projects under words unique to the run and asks the API what to expect.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DISCOVER_TAB_SIZE, PROJECT_SKELETONS } from '../shared/constants';
import type { TCategorySummary } from '../shared/schemas/creator';
import type { TProject } from '../shared/schemas/project';
import { apiFetch, createProject, getJson, listAllProjects, signUpMember, uploadFixtures, type TApiMember } from './api-helpers';
import { browserPerFile, holdRequests, siteName } from './helpers';

const RUN = Date.now().toString(36);
/** One search word (letters and digits only) in the title of every search project. */
const WORD = `srch${RUN}`;
const NO_MATCH = `nothing${RUN}`;
const WEB_TAG = `wdtag${RUN}`;
/** Inspiration needs more than one tab page: 13 more projects that also match the search word. */
const BULK = 13;
const CATEGORY = 'Web Design';

const browser = browserPerFile();
let member: TApiMember;
/** Search projects: Social (liked), Branding, Illustration; created in this order after the bulk. */
let social: TProject;
let branding: TProject;
let illustration: TProject;
/** Web Design projects, oldest first; the first one is liked, the last one has five tags. */
const web: TProject[] = [];

beforeAll(async () => {
  member = await signUpMember({ firstName: 'Ada', lastName: 'Discovery' });
  const total = BULK + 3 + 3;
  // Each media file belongs to one project; ten files a request at most.
  const urls = [
    ...(await uploadFixtures(member, Array.from({ length: 10 }, () => 'a1111.png'))).urls,
    ...(await uploadFixtures(member, Array.from({ length: total - 10 }, () => 'a1111.png'))).urls,
  ];
  const nextUrl = () => [urls.shift() ?? ''];
  for (let index = 0; index < BULK; index += 1) {
    await createProject(member, { title: `Bulk ${WORD} ${String(index + 1).padStart(2, '0')}`, category: 'Print', images: nextUrl(), tags: ['bulk'] });
  }
  social = await createProject(member, { title: `${WORD} Social`, category: 'Social', images: nextUrl(), tags: ['social'] });
  branding = await createProject(member, { title: `${WORD} Branding`, category: 'Branding', images: nextUrl(), tags: ['branding'] });
  illustration = await createProject(member, { title: `${WORD} Illustration`, category: 'Illustration', images: nextUrl(), tags: ['illustration'] });
  web.push(await createProject(member, { title: `Web One ${RUN}`, category: CATEGORY, images: nextUrl(), tags: ['landing page'] }));
  web.push(await createProject(member, { title: `Web Two ${RUN}`, category: CATEGORY, images: nextUrl(), tags: [WEB_TAG, 'ui'] }));
  web.push(
    await createProject(member, {
      title: `Web Three ${RUN}`,
      description: `A dashboard concept ${RUN}`,
      category: CATEGORY,
      images: nextUrl(),
      tags: ['one', 'two', 'three', 'four', 'five'],
    }),
  );
  // Likes: the oldest of each set, so popular (and trending) differ from recent.
  for (const project of [social, web[0] as TProject]) await apiFetch('POST', `/api/projects/${project.id}/like`, { cookie: member.cookie });
});

async function openPage(path: string): Promise<Page> {
  const page = await browser.openPage();
  await page.goto(path);
  return page;
}

const main = (page: Page) => page.locator('main');
/** Cards and list rows alike are articles carrying their project id. */
const cardsIn = (scope: Locator) => scope.locator('article');
const cards = (page: Page) => cardsIn(main(page));
const idsIn = async (scope: Locator) => (await cardsIn(scope).evaluateAll((articles) => articles.map((article) => article.getAttribute('data-project-id')))).map(Number);
const cardIds = (page: Page) => idsIn(main(page));
const firstCardId = async (page: Page) => (await cardIds(page))[0];
const loadMore = (page: Page) => page.getByRole('button', { name: 'Load More Projects' });

async function sortBy(page: Page, label: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

describe('search', () => {
  it('takes the header search to /search with the results and their count, clears the box and removes the stored query', async () => {
    const page = await openPage('/about');
    const headerBox = page.locator('header').getByPlaceholder('Search projects...');
    await headerBox.fill(`  ${WORD}  `);
    await headerBox.press('Enter');

    await page.getByRole('heading', { name: `Search Results for "${WORD}"` }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/search');
    expect(new URL(page.url()).searchParams.get('q')).toBe(WORD);
    await main(page).getByText(`${BULK + 3} projects found`, { exact: true }).waitFor();
    await expect.poll(() => cards(page).count()).toBe(12);
    expect(await headerBox.inputValue()).toBe('');
    expect(await page.evaluate(() => sessionStorage.getItem('headerSearchQuery'))).toBeNull();
    expect(await page.getByRole('searchbox', { name: 'Search for projects' }).inputValue()).toBe(WORD);
    expect(await page.title()).toBe(`Search Results for "${WORD}" | ${siteName()}`);

    // The count is every match, not the page: Load More Projects brings the rest.
    await loadMore(page).click();
    await expect.poll(() => cards(page).count()).toBe(BULK + 3);
    await loadMore(page).waitFor({ state: 'detached' });

    // A header search on an open search page reloads it; the newer stored query wins over ?q=.
    await headerBox.fill(NO_MATCH);
    await Promise.all([page.waitForEvent('load'), headerBox.press('Enter')]);
    await page.getByRole('heading', { name: `Search Results for "${NO_MATCH}"` }).waitFor();
    await page.getByRole('heading', { name: 'No results found' }).waitFor();
    expect(await main(page).getByText('0 projects found', { exact: true }).isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.get('q')).toBe(NO_MATCH);
    expect(await page.evaluate(() => sessionStorage.getItem('headerSearchQuery'))).toBeNull();
    expect(await cards(page).count()).toBe(0);
  });

  it('searches from its own form and the popular searches, ignoring a blank query', async () => {
    const page = await openPage('/search');
    await page.getByRole('heading', { name: 'Search Projects' }).waitFor();
    expect(await page.getByRole('heading', { name: 'What are you looking for?' }).isVisible()).toBe(true);

    const box = page.getByRole('searchbox', { name: 'Search for projects' });
    await box.fill('   ');
    await main(page).getByRole('button', { name: 'Search', exact: true }).click();
    expect(new URL(page.url()).search).toBe('');

    await box.fill(`  ${WORD} social `);
    await box.press('Enter');
    await page.getByRole('heading', { name: `Search Results for "${WORD} social"` }).waitFor();
    await expect.poll(() => cardIds(page)).toEqual([social.id]);
    expect(await main(page).getByText('1 projects found', { exact: true }).isVisible()).toBe(true);

    await page.getByRole('region', { name: 'Popular Searches' }).getByRole('button', { name: 'Logo design' }).click();
    await page.getByRole('heading', { name: 'Search Results for "Logo design"' }).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('Logo design');
    expect(await box.inputValue()).toBe('Logo design');
  });

  it('reorders the results with the sort select: popular puts the liked one first, recent the newest', async () => {
    const page = await openPage(`/search?q=${WORD}`);
    await expect.poll(() => cards(page).count()).toBe(12);

    await sortBy(page, 'Popular');
    await expect.poll(() => firstCardId(page)).toBe(social.id);
    await sortBy(page, 'Recent');
    await expect.poll(() => firstCardId(page)).toBe(illustration.id);
    expect((await cardIds(page)).slice(0, 3)).toEqual([illustration.id, branding.id, social.id]);
  });

  it('narrows the results to the ticked categories, and Clear brings them all back', async () => {
    const page = await openPage(`/search?q=${WORD}`);
    await main(page).getByText(`${BULK + 3} projects found`, { exact: true }).waitFor();
    const filters = page.getByRole('group', { name: 'Categories' });

    await filters.getByRole('checkbox', { name: 'Social' }).click();
    await expect.poll(() => cardIds(page)).toEqual([social.id]);
    expect(await main(page).getByText('1 projects found', { exact: true }).isVisible()).toBe(true);

    await filters.getByRole('checkbox', { name: 'Branding' }).click();
    await expect.poll(async () => (await cardIds(page)).sort()).toEqual([social.id, branding.id].sort());

    await filters.getByRole('button', { name: 'Clear' }).click();
    await main(page).getByText(`${BULK + 3} projects found`, { exact: true }).waitFor();
    expect(await filters.getByRole('checkbox', { name: 'Social' }).getAttribute('aria-checked')).toBe('false');
  });
});

describe('category page', () => {
  it('shows the real project and creator counts from /api/categories, the trending flag and Updated daily', async () => {
    const summary = (await getJson<TCategorySummary[]>('/api/categories')).find((category) => category.name === CATEGORY);
    expect(summary?.projects).toBeGreaterThanOrEqual(web.length);
    const page = await openPage('/category/Web%20Design');
    await page.getByRole('heading', { name: CATEGORY, level: 1 }).waitFor();
    const figures = main(page).getByRole('definition');
    await expect.poll(() => figures.allInnerTexts()).toEqual([
      `${summary?.projects.toLocaleString('en-US')} projects`,
      `${summary?.creators.toLocaleString('en-US')} ${summary?.creators === 1 ? 'creator' : 'creators'}`,
      'Updated daily',
    ]);
    expect(await main(page).locator('header').getByText('Trending', { exact: true }).isVisible()).toBe(true);
    expect(await page.title()).toBe(`Web Design | ${siteName()}`);
  });

  it('reorders the projects with the sort select', async () => {
    const base = `/api/projects/category/${encodeURIComponent(CATEGORY)}`;
    const [trending, recent, popular] = await Promise.all([listAllProjects(`${base}?sort=trending`), listAllProjects(`${base}?sort=recent`), listAllProjects(`${base}?sort=popular`)]);
    expect(recent[0]?.id).toBe(web[2]?.id);
    expect(trending[0]?.id).not.toBe(recent[0]?.id);

    const page = await openPage('/category/web%20design');
    await page.getByRole('heading', { name: CATEGORY, level: 1 }).waitFor();
    await expect.poll(() => cardIds(page)).toEqual(trending.slice(0, 12).map((project) => project.id));
    await sortBy(page, 'Recent');
    await expect.poll(() => cardIds(page)).toEqual(recent.slice(0, 12).map((project) => project.id));
    await sortBy(page, 'Popular');
    await expect.poll(() => cardIds(page)).toEqual(popular.slice(0, 12).map((project) => project.id));
  });

  it('shows at most 3 tags per project in the list view', async () => {
    const page = await openPage('/category/Web%20Design');
    await sortBy(page, 'Recent');
    await expect.poll(() => firstCardId(page)).toBe(web[2]?.id);
    await page.getByRole('button', { name: 'List view' }).click();
    expect(await page.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');

    const row = main(page).locator(`article[data-project-id="${web[2]?.id}"]`);
    await row.getByText(`A dashboard concept ${RUN}`).waitFor();
    expect(await row.getByRole('list', { name: 'Tags' }).getByRole('listitem').allInnerTexts()).toEqual(['#one', '#two', '#three']);
  });

  it('filters by a tag from the Filters panel on the server', async () => {
    const page = await openPage('/category/Web%20Design');
    await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(web.length);
    const filtersButton = page.getByRole('button', { name: 'Filters' });
    expect(await filtersButton.getAttribute('aria-expanded')).toBe('false');
    await filtersButton.click();
    const panel = page.getByRole('group', { name: 'Filter by tag' });
    // Related tags of the category are offered even when no loaded project has them.
    expect(await panel.getByRole('button', { name: '#landing page' }).isVisible()).toBe(true);

    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await panel.getByRole('button', { name: `#${WEB_TAG}` }).click();
    await expect.poll(() => cardIds(page)).toEqual([web[1]?.id]);
    expect(requests.some((url) => new URL(url).searchParams.get('tag') === WEB_TAG)).toBe(true);

    await panel.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(web.length);
  });

  it('invites the first upload in a category without projects', async () => {
    const page = await openPage(`/category/Empty%20${RUN}`);
    await page.getByRole('heading', { name: `Empty ${RUN}`, level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'No projects found in this category yet' }).waitFor();
    expect(await page.getByRole('link', { name: 'Upload First Project' }).getAttribute('href')).toBe('/upload');
    await expect.poll(() => main(page).getByRole('definition').allInnerTexts()).toEqual(['0 projects', '0 creators', 'Updated daily']);
    expect(await main(page).locator('header').getByText('Trending', { exact: true }).count()).toBe(0);
  });
});

describe('inspiration', () => {
  it('shows the heading and trending tag chips that open a search', async () => {
    const page = await openPage('/inspiration');
    await page.getByRole('heading', { name: 'Discover Creative Inspiration' }).waitFor();
    expect(await page.title()).toBe(`Inspiration | ${siteName()}`);
    const chips = page.getByRole('navigation', { name: 'Trending tags' }).getByRole('link');
    expect(await chips.allInnerTexts()).toEqual(['Discover', 'Animation', 'Branding', 'Illustration', 'Mobile', 'Print', 'Product Design', 'Typography', 'Web Design']);
    await chips.filter({ hasText: 'Product Design' }).click();
    await page.getByRole('heading', { name: 'Search Results for "Product Design"' }).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('Product Design');
  });

  it('switches tabs and loads the next 12 of the open tab', async () => {
    const [trending, recent] = await Promise.all([listAllProjects('/api/projects?sort=trending'), listAllProjects('/api/projects?sort=recent')]);
    expect(recent.length).toBeGreaterThan(DISCOVER_TAB_SIZE);
    expect(trending[0]?.id).not.toBe(recent[0]?.id);
    const page = await openPage('/inspiration');
    const panel = page.getByRole('tabpanel');

    await expect.poll(() => idsIn(panel)).toEqual(trending.slice(0, DISCOVER_TAB_SIZE).map((project) => project.id));
    expect(await page.getByRole('tab', { name: 'Trending' }).getAttribute('aria-selected')).toBe('true');

    await page.getByRole('tab', { name: 'Recent' }).click();
    expect(await page.getByRole('tab', { name: 'Recent' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => idsIn(panel)).toEqual(recent.slice(0, DISCOVER_TAB_SIZE).map((project) => project.id));

    await loadMore(page).click();
    const shown = Math.min(2 * DISCOVER_TAB_SIZE, recent.length);
    await expect.poll(() => idsIn(panel)).toEqual(recent.slice(0, shown).map((project) => project.id));
  });

  it('shows 8 skeleton cards while a tab loads, and the empty text when there are no projects', async () => {
    const page = await browser.openPage();
    await page.route(/\/api\/projects\?/, (route) => route.fulfill({ status: 200, contentType: 'application/json', headers: { 'x-has-more': 'false' }, body: '[]' }));
    const answer = await holdRequests(page, /\/api\/projects\?/);
    await page.goto('/inspiration');
    const loading = page.getByRole('tabpanel').getByRole('status', { name: 'Loading projects' });
    await loading.waitFor();
    expect(await loading.locator(':scope > *').count()).toBe(PROJECT_SKELETONS);

    answer();
    await page.getByRole('tabpanel').getByRole('heading', { name: 'No projects found' }).waitFor();
    expect(await loadMore(page).count()).toBe(0);
  });
});
