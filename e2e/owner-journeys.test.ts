// Creators on their own work (issue 16), at desktop and phone sizes: publishing lands on the new
// project with its 'live' notice; the owner gets Edit and Delete (no Hire Me); the edit dialog adds,
// reorders, sets the cover and removes media; deleting goes to the profile; a file dropped outside
// the upload zone is taken and never replaces the page; a half-filled form asks before it is left;
// creator pages have Hire Me; project media fill their column.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TProject } from '../shared/schemas/project';
import { apiFetch, createProject, getJson, signUpMember, uploadFixtures, type TApiMember } from './api-helpers';
import { axeViolations } from './axe';
import { browserPerFile, toast } from './helpers';

const FIXTURES = join(import.meta.dirname, '..', 'server', 'test', 'fixtures');
const { openPage } = browserPerFile();

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

let creator: TApiMember;
let visitor: TApiMember;

beforeAll(async () => {
  creator = await signUpMember({ firstName: 'Orla', lastName: 'Owner' });
  visitor = await signUpMember({ firstName: 'Vic', lastName: 'Visitor' });
});

/**
 * Drags a fixture file over the element and lets it go there, as a file from the desktop would be:
 * answers whether the page kept the browser from opening the file (the drop's default).
 */
async function dropFile(page: Page, selector: string, fixture: string, mime: string): Promise<boolean> {
  const base64 = readFileSync(join(FIXTURES, fixture)).toString('base64');
  return page.evaluate(
    ({ selector, base64, name, mime }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type: mime }));
      const target = document.querySelector(selector);
      if (!target) throw new Error(`nothing matches ${selector}`);
      target.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: transfer }));
      const drop = new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer });
      target.dispatchEvent(drop);
      return drop.defaultPrevented;
    },
    { selector, base64, name: fixture, mime },
  );
}

async function openSized(size: (typeof SIZES)[number], member?: TApiMember): Promise<Page> {
  const page = await openPage(member ? { member, width: size.width } : { width: size.width });
  await page.setViewportSize({ width: size.width, height: size.height });
  return page;
}

async function projectWith(fixtures: string[], title: string): Promise<TProject> {
  const { urls } = await uploadFixtures(creator, fixtures);
  return createProject(creator, { title, images: urls, tags: ['owner'] });
}

describe.each(SIZES)('owner journeys at $name size ($width×$height)', (size) => {
  it('publishes: a file dropped outside the zone is taken, leaving asks first, and the creator lands on the project with its notice', { timeout: 90_000 }, async () => {
    const page = await openSized(size, creator);
    const title = `Tidal Glass ${size.name} ${Date.now()}`;
    await page.goto('/upload');
    await page.getByRole('heading', { name: 'Share Your Work', level: 1 }).waitFor();
    // Phones cannot drag files: the zone only offers to choose them.
    const dragText = page.getByText('Drag and drop images, GIFs or videos here');
    expect(await dragText.isVisible()).toBe(size.name === 'desktop');
    expect(await page.getByRole('button', { name: 'Choose files' }).isVisible()).toBe(true);

    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByRole('checkbox', { name: 'Illustration' }).click();
    // Dropped on the page's heading, well outside the zone: taken, and the page stays.
    expect(await dropFile(page, 'h1', 'gps.jpg', 'image/jpeg')).toBe(true);
    const selected = page.getByRole('list', { name: 'Selected media' });
    await selected.getByRole('img', { name: 'Preview of gps.jpg' }).waitFor();
    expect(await selected.getByRole('listitem').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/upload');
    await page.getByLabel('Tags', { exact: true }).fill('glass');
    await page.getByLabel('Tags', { exact: true }).press('Enter');

    // A link away asks first; staying keeps everything entered.
    await page.locator('footer a[href="/about"]').click();
    const leave = page.getByRole('alertdialog', { name: 'Leave this page?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/upload');
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(title);
    expect(await selected.getByRole('listitem').count()).toBe(1);

    await page.getByRole('button', { name: 'Publish Project' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/project/'), { timeout: 30_000 });
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    const notice = page.getByRole('region', { name: 'Your project is live' });
    await notice.waitFor();
    expect(await notice.getByRole('button', { name: 'Share' }).count()).toBe(1);
    await notice.getByRole('button', { name: 'Copy link' }).click();
    await toast(page, 'Link copied!').waitFor();
    const project = await getJson<TProject>(`/api/projects/slug/${new URL(page.url()).pathname.split('/').pop()}`);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/project/${project.id}$`));
    // The header (its account button) and the similar cards are other specs' to answer for.
    expect(await axeViolations(page, { exclude: ['header', 'section[aria-labelledby="similar-heading"]'] })).toEqual([]);

    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
    // Shown once: the navigation state that carried it is gone, so a reload shows the page alone.
    await page.reload();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    expect(await page.getByRole('region', { name: 'Your project is live' }).count()).toBe(0);
    // Back goes to a fresh upload form, and nothing asks: the published form left no guard behind.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/upload');
    await page.getByRole('heading', { name: 'Share Your Work', level: 1 }).waitFor();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('');
    expect(await page.getByRole('alertdialog').count()).toBe(0);
  });

  it('asks before Back leaves a half-filled upload form, and goes back once the creator says so', async () => {
    const page = await openSized(size, creator);
    await page.goto('/profile');
    await page.getByRole('main').getByRole('link', { name: 'Upload Work' }).first().click();
    await page.getByRole('heading', { name: 'Share Your Work', level: 1 }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Half done');

    await page.goBack();
    const leave = page.getByRole('alertdialog', { name: 'Leave this page?' });
    await leave.waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/upload');
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Half done');

    await page.goBack();
    await leave.getByRole('button', { name: 'Leave Page' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByRole('main').getByRole('link', { name: 'Upload Work' }).first().waitFor();
  });

  it('gives the owner Edit and Delete and no Hire Me; the edit dialog adds, reorders, sets the cover and removes media', { timeout: 90_000 }, async () => {
    const project = await projectWith(['a1111.png', 'gps.jpg'], `Owned ${size.name} ${Date.now()}`);
    const [first, second] = project.images as [string, string];

    const stranger = await openSized(size, visitor);
    await stranger.goto(`/project/${project.slug}`);
    await stranger.getByRole('button', { name: 'Hire Me' }).waitFor();
    expect(await stranger.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
    expect(await stranger.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);

    const page = await openSized(size, creator);
    await page.goto(`/project/${project.slug}`);
    const actions = page.getByRole('complementary', { name: 'Creator and actions' });
    await actions.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    expect(await actions.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Hire Me' }).count()).toBe(0);

    await actions.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Project' });
    await dialog.waitFor();
    const items = dialog.getByRole('list', { name: 'Project media, cover first' }).getByRole('listitem');
    expect(await items.count()).toBe(2);
    expect(await axeViolations(page, { exclude: ['header', 'section[aria-labelledby="similar-heading"]'] })).toEqual([]);
    // Add: [first, second, gif].
    await dialog.locator('input[type="file"]').setInputFiles(join(FIXTURES, 'anim.gif'));
    await items.nth(2).getByText('anim.gif').waitFor();
    // Reorder from the keyboard: media 2 down, giving [first, gif, second].
    await dialog.getByRole('button', { name: 'Move media 2 down' }).focus();
    await page.keyboard.press('Enter');
    expect(await items.nth(2).getAttribute('data-media-url')).toBe(second);
    // The gif becomes the cover: [gif, first, second].
    await dialog.getByRole('button', { name: 'Make media 2 the cover' }).click();
    await items.nth(0).getByText('anim.gif').waitFor();
    await items.nth(0).getByText('Cover', { exact: true }).waitFor();
    // Remove the old cover: [gif, second].
    await dialog.getByRole('button', { name: 'Remove media 2' }).click();
    expect(await items.count()).toBe(2);
    expect(await items.nth(1).getAttribute('data-media-url')).toBe(second);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Project updated').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const saved = await getJson<TProject>(`/api/projects/${project.id}`);
    expect(saved.images).toHaveLength(2);
    expect(saved.images[1]).toBe(second);
    expect(saved.images).not.toContain(first);
    expect(saved.media[0]!.mime).toBe('image/gif');
    await expect.poll(() => page.getByRole('list', { name: 'Project media' }).getByRole('listitem').count()).toBe(2);

    // A file dropped on the dialog outside its zone is added (and the page stays); the last file cannot be removed.
    await actions.getByRole('button', { name: 'Edit', exact: true }).click();
    expect(await dropFile(page, '[role="dialog"] h2', 'gps.jpg', 'image/jpeg')).toBe(true);
    await items.nth(2).getByText('gps.jpg').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/project/${project.slug}`);
    await dialog.getByRole('button', { name: 'Remove media 3' }).click();
    await dialog.getByRole('button', { name: 'Remove media 2' }).click();
    expect(await items.count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Remove media 1' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await getJson<TProject>(`/api/projects/${project.id}`)).images).toEqual(saved.images);
  });

  it('deletes the project after a confirmation and goes to the profile with a toast', async () => {
    const project = await projectWith(['gps.jpg'], `Doomed ${size.name} ${Date.now()}`);
    const page = await openSized(size, creator);
    await page.goto(`/project/${project.slug}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this project?' });
    await confirm.getByRole('button', { name: 'Delete Project' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await toast(page, 'Project deleted').waitFor();
    expect((await apiFetch('GET', `/api/projects/${project.id}`)).status).toBe(404);
  });

  it("opens the hire dialog from a creator's page, and shows no Hire Me on one's own", async () => {
    const page = await openSized(size, visitor);
    await page.goto(`/creator/${creator.id}`);
    await page.getByRole('button', { name: 'Hire Me' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hire Orla Owner' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Subject (optional)').inputValue()).toBe('Interested in hiring you');
    expect(await dialog.getByLabel('Message').inputValue()).toContain('I came across your work');

    const own = await openSized(size, creator);
    await own.goto(`/creator/${creator.id}`);
    await own.getByRole('heading', { name: 'Projects', level: 2 }).waitFor();
    expect(await own.getByRole('button', { name: 'Hire Me' }).count()).toBe(0);
  });

  it('fits every media item to the column width, with the prompt beside the media on wide screens and below them on phones', { timeout: 60_000 }, async () => {
    // A 768×512 image with its prompt, a 240×160 GIF and a 320×240 video: all smaller than the column.
    const project = await projectWith(['a1111.png', 'anim.gif', 'clip.mp4'], `Fitted ${size.name} ${Date.now()}`);
    const page = await openSized(size);
    await page.goto(`/project/${project.slug}`);
    const column = page.getByRole('list', { name: 'Project media' });
    const items = column.getByRole('listitem');
    expect(await items.count()).toBe(3);
    const columnBox = (await column.boundingBox())!;
    for (const item of await items.all()) {
      const media = item.locator('[data-media-state]');
      await media.scrollIntoViewIfNeeded();
      const box = (await media.boundingBox())!;
      expect(Math.abs(box.width - columnBox.width)).toBeLessThanOrEqual(1);
      expect(Math.abs(box.x - columnBox.x)).toBeLessThanOrEqual(1);
    }
    // The GIF at its own aspect ratio (3:2).
    const gif = (await items.nth(1).locator('[data-media-state]').boundingBox())!;
    expect(Math.abs(gif.height - (gif.width * 160) / 240)).toBeLessThanOrEqual(1);

    const panel = (await page.getByRole('complementary', { name: 'Creator and actions' }).boundingBox())!;
    const prompt = (await page.getByRole('heading', { name: 'Prompt and settings' }).boundingBox())!;
    if (size.name === 'desktop') {
      // No wide gap: the panel starts within 40 px of the media's right edge; the prompt sits in its column.
      const gap = panel.x - (columnBox.x + columnBox.width);
      expect(gap).toBeGreaterThan(0);
      expect(gap).toBeLessThanOrEqual(40);
      expect(prompt.x).toBeGreaterThanOrEqual(panel.x);
      expect(prompt.y).toBeLessThan(columnBox.y + columnBox.height);
    } else {
      expect(prompt.y).toBeGreaterThan(columnBox.y + columnBox.height);
    }
  });
});
