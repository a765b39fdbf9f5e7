// Mature content in the browser: a visitor sees a mature project blurred, on its card and its
// page, with nothing of the file loaded until 'Show'; a member who opted in sees it plainly.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TProject } from '../shared/schemas/project';
import { apiFetch, createProjectWithMedia, signUpMember, type TApiMember } from './api-helpers';
import { axeViolations } from './axe';
import { browserPerFile, setRole, toast } from './helpers';

const { openPage } = browserPerFile();
let creator: TApiMember;
let project: TProject;
/** In both projects' titles, and nowhere else. */
const WORD = `velvet${Date.now()}`;

beforeAll(async () => {
  creator = await signUpMember({ firstName: 'Mara', lastName: 'Veil' });
  project = await createProjectWithMedia(creator, { title: `Velvet Night ${WORD}`, tags: ['night'], isMature: true });
});

const showButton = (scope: Page | Locator) => scope.getByRole('button', { name: `Show mature content: ${project.title}` });
/** The media file itself (not the blurred placeholder) has been put on the page. */
const fileImages = (scope: Page | Locator) => scope.locator(`img[src*="${project.media[0]!.url.split('/').slice(0, -1).join('/')}/"]`);

describe('mature content', () => {
  it("blurs a mature project's card for a visitor until 'Show', loading nothing of the file before", async () => {
    const page = await openPage();
    await page.goto(`/creator/${creator.id}`);
    const card = page.locator(`article[data-project-id="${project.id}"]`);
    await showButton(card).waitFor();
    expect(await card.locator('[data-media-state="concealed"]').count()).toBe(1);
    expect(await card.getByText('Mature content').count()).toBe(1);
    expect(await fileImages(card).count()).toBe(0);

    await showButton(card).click();
    await card.locator('[data-media-state="loaded"]').waitFor();
    expect(await showButton(card).count()).toBe(0);
    expect(await fileImages(card).count()).toBeGreaterThan(0);
  });

  it("leaves a mature project out of a visitor's search, and keeps it in a member's", async () => {
    const plain = await createProjectWithMedia(creator, { title: `Velvet Noon ${WORD}`, tags: ['noon'] });
    const visitor = await openPage();
    await visitor.goto(`/search?q=${WORD}`);
    await visitor.locator(`article[data-project-id="${plain.id}"]`).waitFor();
    expect(await visitor.locator(`article[data-project-id="${project.id}"]`).count()).toBe(0);

    const member = await openPage({ member: await signUpMember({ firstName: 'Seren', lastName: 'Search' }) });
    await member.goto(`/search?q=${WORD}`);
    await showButton(member.locator(`article[data-project-id="${project.id}"]`)).waitFor();
  });

  it('blurs the project page for a visitor, accessibly, and reveals it from the keyboard', async () => {
    const page = await openPage();
    await page.goto(`/project/${project.slug}`);
    await page.getByRole('heading', { name: project.title, level: 1 }).waitFor();
    const media = page.getByRole('list', { name: 'Project media' });
    await showButton(media).waitFor();
    expect(await media.locator('[data-media-state="concealed"]').count()).toBe(1);
    expect(await fileImages(media).count()).toBe(0);
    // The similar projects below are ProjectCard's to answer for: a card whose lazy media has not
    // come near the viewport yet has an image link without a name (not this feature's).
    expect(await axeViolations(page, { exclude: ['section[aria-labelledby="similar-heading"]'] })).toEqual([]);

    await showButton(media).focus();
    await page.keyboard.press('Enter');
    await media.locator('[data-media-state="loaded"]').waitFor();
    expect(await showButton(media).count()).toBe(0);
  });

  it('shows it plainly to a member who turned on "Show mature content without blur" in Settings', async () => {
    const member = await signUpMember({ firstName: 'Ines', lastName: 'Opted' });
    const page = await openPage({ member });
    await page.goto(`/project/${project.slug}`);
    const media = page.getByRole('list', { name: 'Project media' });
    // Not opted in yet: blurred, as for a visitor.
    await showButton(media).waitFor();

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    const toggle = settings.getByRole('switch', { name: 'Show mature content without blur' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await settings.locator('#show-mature[aria-checked="true"]:not([disabled])').waitFor();
    const me = (await (await apiFetch('GET', '/api/auth/me', { cookie: member.cookie })).json()) as { showMature: boolean };
    expect(me.showMature).toBe(true);

    await page.goto(`/project/${project.slug}`);
    await media.locator('[data-media-state="loaded"]').waitFor();
    expect(await showButton(page).count()).toBe(0);
  });

  it('lets a moderator mark any project as mature from its page, with a reason', async () => {
    const plain = await createProjectWithMedia(creator, { title: `Velvet Dawn ${WORD}`, tags: ['dawn'] });
    const moderator = await signUpMember({ firstName: 'Moe', lastName: 'Derator' });
    setRole(moderator.email, 'moderator');
    const page = await openPage({ member: moderator });
    await page.goto(`/project/${plain.slug}`);
    const media = page.getByRole('list', { name: 'Project media' });
    await media.locator('[data-media-state="loaded"]').waitFor();

    await page.getByRole('button', { name: 'Mark as mature' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark as mature' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please give a reason').waitFor();
    await dialog.getByLabel('Reason').fill('Graphic violence');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Marked as mature').waitFor();
    await media.getByRole('button', { name: `Show mature content: ${plain.title}` }).waitFor();
    await page.getByRole('button', { name: 'Remove the mature mark' }).waitFor();
  });
});
