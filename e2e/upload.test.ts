// Upload in the browser (SPEC §2, §4, §5, §8): from the form to the gallery, then the project page's like and follow.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, TIMINGS } from '../shared/constants';
import type { TProject } from '../shared/schemas/project';
import { getJson, signUpMember } from './api-helpers';
import { browserPerFile, signUpThroughForm, toast, waitOnStoppedClock } from './helpers';

const FIXTURES = join(import.meta.dirname, '..', 'server', 'test', 'fixtures');

const { openPage } = browserPerFile();
let scratchDir: string;

beforeAll(() => {
  scratchDir = mkdtempSync(join(tmpdir(), 'e2e-upload-'));
});

afterAll(() => {
  rmSync(scratchDir, { recursive: true, force: true });
});

/** A page signed in as a fresh member made through the API (faster than the form). */
async function openSignedInPage(): Promise<Page> {
  return openPage({ member: await signUpMember() });
}

const fileInput = (page: Page) => page.locator('input[type="file"]');

/** The gallery card whose cover's alt text names the title, loading more pages until it shows or none remain. */
async function findCard(page: Page, title: string): Promise<Locator> {
  const cover = page.locator(`article img[alt*="${title}"]`);
  const loadMore = page.getByRole('button', { name: 'Load More Projects' });
  await page.locator('article').first().waitFor();
  while ((await cover.count()) === 0 && (await loadMore.count()) > 0) {
    const cards = await page.locator('article').count();
    await loadMore.click();
    await expect.poll(() => page.locator('article').count()).toBeGreaterThan(cards);
  }
  return cover;
}

describe('upload page', () => {
  it('uploads two images and a video, shows the cover in the gallery, opens it, likes it, and a second member follows the creator', { timeout: 120_000 }, async () => {
    const page = await openPage();
    await signUpThroughForm(page, { firstName: 'Uma', lastName: 'Uploader' });
    const title = `Neon Koi ${Date.now()}`;

    // In-app navigation, so the gallery list cached on / must be refreshed by the upload itself.
    await page.locator('header').getByRole('link', { name: 'Upload Work' }).click();
    await page.getByRole('heading', { name: 'Share Your Work', level: 1 }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Description (optional)').fill('Long exposure koi pond at night.');
    await page.getByRole('checkbox', { name: 'Illustration' }).click();
    await page.getByRole('checkbox', { name: 'Animation' }).click();
    await fileInput(page).setInputFiles([join(FIXTURES, 'a1111.png'), join(FIXTURES, 'gps.jpg'), join(FIXTURES, 'clip.mp4')]);
    expect(await page.getByRole('list', { name: 'Selected media' }).getByRole('listitem').count()).toBe(3);
    await page.getByLabel('Tags', { exact: true }).fill('  koi  ');
    await page.getByLabel('Tags', { exact: true }).press('Enter');
    expect(await page.getByRole('list', { name: 'Added tags' }).innerText()).toBe('koi');

    await page.getByRole('button', { name: 'Publish Project' }).click();
    // The creator lands on the new project (issue 16), and the gallery they go back to shows it.
    await page.waitForURL((url) => url.pathname.startsWith('/project/'), { timeout: 30_000 });
    await toast(page, 'Project uploaded!').waitFor();
    await page.getByRole('region', { name: 'Your project is live' }).waitFor();
    await page.locator('header a[href="/"]').first().click();
    await page.waitForURL((url) => url.pathname === '/');

    const cover = await findCard(page, title);
    await cover.waitFor({ state: 'visible' });
    await page.locator('article', { has: page.locator(`img[alt*="${title}"]`) }).getByRole('link', { name: title, exact: true }).click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    const projectPath = new URL(page.url()).pathname;

    const media = page.getByRole('list', { name: 'Project media' }).getByRole('listitem');
    expect(await media.count()).toBe(3);
    for (const item of await media.all()) await item.scrollIntoViewIfNeeded();
    // Upload order is kept: the two images first, then the video, muted and with controls. Until
    // the server has transcoded it (a background task, every 10 s) the video shows its poster
    // with 'Processing video…', and the page asks again every 5 s.
    await media.nth(0).locator(`img[alt*="${title}"]`).waitFor();
    await media.nth(1).locator(`img[alt*="${title}"]`).waitFor();
    const video = media.nth(2).locator('video');
    const processing = media.nth(2).getByRole('status').filter({ hasText: 'Processing video…' });
    await processing.or(video).first().waitFor({ state: 'attached' });
    if (await processing.count()) expect(await media.nth(2).locator(`img[alt*="${title}"]`).count()).toBe(1);
    await video.waitFor({ state: 'attached', timeout: 60_000 });
    expect(await processing.count()).toBe(0);
    expect(await video.evaluate((element: HTMLVideoElement) => ({ muted: element.muted, controls: element.controls }))).toEqual({ muted: true, controls: true });
    for (const index of [0, 1]) await expect.poll(() => media.nth(index).locator('[data-media-state]').getAttribute('data-media-state')).toBe('loaded');

    // The creator sees no Follow or Hire Me on their own project, but Edit.
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Follow', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Hire Me' }).count()).toBe(0);

    // The project's own like button: similar projects below have theirs too.
    const actions = page.getByRole('complementary', { name: 'Creator and actions' });
    const like = actions.getByRole('button', { name: /^Like, / });
    expect(await like.getAttribute('aria-label')).toBe('Like, 0 likes');
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    await like.click();
    await actions.getByRole('button', { name: 'Like, 1 like', exact: true }).waitFor();
    expect(await like.getAttribute('aria-pressed')).toBe('true');

    const fan = await signUpMember({ firstName: 'Fay', lastName: 'Follower' });
    const fanPage = await openPage({ member: fan });
    await fanPage.goto(projectPath);
    await fanPage.getByRole('button', { name: 'Follow', exact: true }).click();
    await toast(fanPage, 'Following').waitFor();
    await fanPage.getByRole('button', { name: 'Following', exact: true }).waitFor();
    const followed = await getJson<TProject>(`/api/projects/slug/${projectPath.split('/').pop()}`, fan.cookie);
    expect(followed.isFollowing).toBe(true);

    // Coming back later, the button starts as Following (the server says so).
    await fanPage.reload();
    await fanPage.getByRole('button', { name: 'Following', exact: true }).waitFor();
  });

  it('checks title, categories, media and tags before sending anything', async () => {
    const page = await openSignedInPage();
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/(upload|projects)$/.test(request.url())) requests.push(request.url());
    });
    await page.goto('/upload');
    await page.getByRole('button', { name: 'Publish Project' }).click();
    await page.getByText('Title is required').waitFor();
    await page.getByText('At least one category is required').waitFor();
    await toast(page, 'Media required').filter({ hasText: 'Please select at least one media file.' }).waitFor();
    expect(await page.getByLabel('Title', { exact: true }).getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Title', { exact: true }).fill('Tagless');
    await page.getByRole('checkbox', { name: 'Print' }).click();
    await fileInput(page).setInputFiles(join(FIXTURES, 'gps.jpg'));
    await page.getByLabel('Tags', { exact: true }).fill('   ');
    await page.getByRole('button', { name: 'Add tag' }).click();
    expect(await page.getByRole('list', { name: 'Added tags' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Publish Project' }).click();
    await toast(page, 'Tags required').filter({ hasText: 'Please add at least one tag.' }).waitFor();
    expect(requests).toEqual([]);
  });

  it('refuses an image over 10MB with a File validation failed toast and does not add it', async () => {
    const page = await openSignedInPage();
    const huge = join(scratchDir, 'huge.png');
    const bytes = Buffer.alloc(IMAGE_MAX_BYTES + 1);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
    writeFileSync(huge, bytes);

    await page.goto('/upload');
    await fileInput(page).setInputFiles([huge, join(FIXTURES, 'gps.jpg')]);
    const refused = toast(page, 'File validation failed');
    await refused.waitFor();
    expect(await refused.innerText()).toContain('huge.png: File size exceeds 10MB limit');
    const selected = page.getByRole('list', { name: 'Selected media' });
    expect(await selected.getByRole('listitem').count()).toBe(1);
    expect(await selected.getByRole('img', { name: 'Preview of gps.jpg' }).count()).toBe(1);
  });

  it("reports a file the server refuses with the SPEC text and the server's reason, and stays on the form", async () => {
    const page = await openSignedInPage();
    await page.goto('/upload');
    await page.getByLabel('Title', { exact: true }).fill('Not really a picture');
    await page.getByRole('checkbox', { name: 'Print' }).click();
    // An HTML page named .png: the browser calls it image/png, the server reads its bytes.
    await fileInput(page).setInputFiles(join(FIXTURES, 'html-as.png'));
    await page.getByLabel('Tags', { exact: true }).fill('fake');
    await page.getByRole('button', { name: 'Add tag' }).click();
    await page.getByRole('button', { name: 'Publish Project' }).click();
    const failed = toast(page, 'Upload failed');
    await failed.waitFor();
    expect(await failed.innerText()).toContain('Failed to upload media files. Please try again.');
    expect(await failed.innerText()).toContain('html-as.png: Only images and videos are supported');
    await page.getByRole('button', { name: 'Publish Project' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/upload');
  });

  it('reports a failed project creation, and a retry creates it without sending the files again', async () => {
    const page = await openSignedInPage();
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/upload')) uploads.push(request.url());
    });
    await page.route('**/api/projects', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal error"}' }) : route.fallback(),
    );
    await page.goto('/upload');
    await page.getByLabel('Title', { exact: true }).fill(`Second try ${Date.now()}`);
    await page.getByRole('checkbox', { name: 'Mobile' }).click();
    await fileInput(page).setInputFiles([join(FIXTURES, 'gps.jpg'), join(FIXTURES, 'anim.gif')]);
    await page.getByLabel('Tags', { exact: true }).fill('retry');
    await page.getByLabel('Tags', { exact: true }).press('Enter');
    await page.getByRole('button', { name: 'Publish Project' }).click();
    await toast(page, 'Upload failed').filter({ hasText: 'There was an error uploading your project. Please try again.' }).waitFor();
    expect(uploads).toHaveLength(2);
    // Both files are stored: their bars are full.
    for (const bar of await page.getByRole('progressbar').all()) expect(await bar.getAttribute('aria-valuenow')).toBe('100');

    await page.unroute('**/api/projects');
    await page.getByRole('button', { name: 'Publish Project' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/project/'), { timeout: 15_000 });
    expect(uploads).toHaveLength(2);
  });

  it('sends a signed-out visitor to /login after telling them', async () => {
    const page = await openPage({ stoppedClock: true });
    await page.goto('/upload');
    await waitOnStoppedClock(page, toast(page, 'Unauthorized').filter({ hasText: 'You are logged out. Logging in again...' }));
    // The few milliseconds it took the toast to show are well inside the delay.
    expect(new URL(page.url()).pathname).toBe('/upload');
    await page.clock.runFor(TIMINGS.loggedOutUploadRedirect);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.clock.resume();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  });
});
