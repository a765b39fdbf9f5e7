// Server-side rendering (README 'Server-side rendering'): the gallery and a project page arrive
// with their content, and the browser hydrates them without an error or a hydration warning and
// without asking again for the answers the page carried.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TProject } from '../shared/schemas/project';
import { createProjectWithMedia, getJson, signUpMember } from './api-helpers';
import { browserPerFile, waitForHydration } from './helpers';

const RUN = Date.now().toString(36);
const { openPage } = browserPerFile();
let project: TProject;

beforeAll(async () => {
  const member = await signUpMember({ firstName: 'Hedy', lastName: 'Lamarr' });
  project = await createProjectWithMedia(member, { title: `Rendered ${RUN}`, description: `Drawn on the server ${RUN}`, category: 'Illustration', tags: ['ssr'] });
});

interface TVisit {
  page: Page;
  /** The HTML the server sent, before any script ran. */
  html: string;
  /** API requests the browser made, by path. */
  apiRequests: string[];
  /** Console errors and warnings, and uncaught errors. */
  problems: string[];
}

async function visit(path: string): Promise<TVisit> {
  const page = await openPage();
  const apiRequests: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiRequests.push(url.pathname);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  const response = await page.goto(path);
  const html = (await response?.text()) ?? '';
  await waitForHydration(page);
  // Every part has hydrated, and nothing else is on its way.
  await page.waitForLoadState('networkidle');
  return { page, html, apiRequests, problems };
}

describe('server-rendered pages in the browser', () => {
  it('hydrates the gallery without a console error and without fetching the list again', async () => {
    const { page, html, apiRequests, problems } = await visit('/');
    // The gallery's first card as a visitor sees it (other files' projects may outrank this one's).
    const [first] = await getJson<TProject[]>('/api/projects?sort=trending&limit=1');
    expect(html).toContain(`href="/project/${first!.slug}"`);
    expect(html).toContain('<script id="query-state" type="application/json">');
    expect(problems).toEqual([]);
    expect(apiRequests.filter((path) => path === '/api/projects')).toEqual([]);
    await page.locator(`a[href="/project/${first!.slug}"]`).first().waitFor();
    // Hydrated for real: a sort changes the list, from the client.
    await page.getByRole('button', { name: 'Recent' }).click();
    await expect.poll(() => apiRequests.filter((path) => path === '/api/projects').length).toBe(1);
  });

  it('hydrates a project page with its media and text, asking for the project once (never)', async () => {
    const { page, html, apiRequests, problems } = await visit(`/project/${project.slug}`);
    expect(html).toContain(`Drawn on the server ${RUN}`);
    expect(html).toContain(project.media[0]?.variants.detail?.url ?? project.images[0]);
    expect(html).toMatch(/<link rel="preload" as="image" fetchpriority="high"/);
    expect(problems).toEqual([]);
    expect(apiRequests.filter((path) => path.startsWith('/api/projects/slug/'))).toEqual([]);
    await page.getByRole('heading', { name: project.title }).waitFor();
  });
});
