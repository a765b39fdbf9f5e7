// Collections and the Following feed (issue 16), at desktop (1440×900) and phone (390×844) sizes:
// a member saves a project to a new collection from the project page, finds it on the collection's
// page, makes it public and finds it on their creator page, then removes the project; members'
// home opens on a compact header, its heading follows the sort, and its Following tab shows the
// newest work of a followed creator.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFetch, createProjectWithMedia, signUpMember } from './api-helpers';
import { axeViolations } from './axe';
import { browserPerFile, signInThroughForm, toast } from './helpers';

const { openPage } = browserPerFile();

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The known violations of other parts of step 5 (the header's account button, a card image link's name before its image loads). */
const OTHERS = ['header', '[data-project-id]'];

async function sized(page: Page, size: (typeof SIZES)[number]) {
  await page.setViewportSize({ width: size.width, height: size.height });
  return page;
}

describe.each(SIZES)('collections at $name size', (size) => {
  it('saves a project to a new collection, shows it on its page, makes it public for the creator page, and removes it', async () => {
    const creator = await signUpMember({ firstName: 'Mira', lastName: 'Sol' });
    const project = await createProjectWithMedia(creator, { title: `Koi Pond ${size.name}`, category: 'Illustration' });
    const saver = await signUpMember({ firstName: 'Ada', lastName: 'Lovelace' });
    const name = `Neon nights ${size.name}`;

    // A visitor's Save asks them to sign in, then brings them back with the dialog open.
    const returning = await sized(await openPage({ width: size.width }), size);
    await returning.goto(`/project/${project.slug}`);
    await returning.getByRole('button', { name: 'Save to collection' }).click();
    await returning.waitForURL((url) => url.pathname === '/login');
    expect(new URL(returning.url()).search).toBe(`?${new URLSearchParams({ next: `/project/${project.slug}`, do: 'save', id: String(project.id) })}`);
    await signInThroughForm(returning, saver);
    await returning.waitForURL((url) => url.pathname === `/project/${project.slug}`);
    await returning.getByRole('dialog', { name: 'Save to collection' }).getByText('You have no collections yet.', { exact: false }).waitFor();
    await returning.close();
    const visitor = await sized(await openPage({ width: size.width }), size);

    const page = await sized(await openPage({ member: saver, width: size.width }), size);
    await page.goto(`/project/${project.slug}`);
    await page.getByRole('button', { name: 'Save to collection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save to collection' });
    await dialog.getByText('You have no collections yet.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'New collection' }).click();
    await dialog.getByLabel('Collection name').fill(name);
    expect(await axeViolations(page, { exclude: OTHERS })).toEqual([]);
    await dialog.getByRole('button', { name: 'Create and save' }).click();
    await toast(page, `Saved to ${name}`).waitFor();
    await dialog.getByRole('checkbox', { name: new RegExp(name), checked: true }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The profile's Collections tab, then the collection's page with the project on it.
    await page.goto('/profile?tab=collections');
    await page.getByRole('link', { name }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByText('Private collection').waitFor();
    await page.getByRole('link', { name: project.title }).first().waitFor();
    expect(await axeViolations(page, { exclude: OTHERS })).toEqual([]);

    // Public: listed on the creator page, for visitors too.
    await page.getByRole('button', { name: 'Make Public' }).click();
    await toast(page, 'Collection is now public').waitFor();
    await page.getByText('Public collection').waitFor();
    await visitor.goto(`/creator/${saver.id}`);
    await visitor.getByRole('heading', { name: 'Collections' }).waitFor();
    await visitor.getByRole('link', { name }).click();
    await visitor.getByRole('heading', { level: 1, name }).waitFor();
    await visitor.getByRole('link', { name: project.title }).first().waitFor();
    expect(await visitor.getByRole('button', { name: 'Make Public' }).count()).toBe(0);

    // Removed from the collection by its owner.
    await page.getByRole('button', { name: `Remove ${project.title} from this collection` }).click();
    await toast(page, `Removed from ${name}`).waitFor();
    await page.getByText('No projects in this collection yet').waitFor();
  });

  it("opens members' home on a compact header with a Following tab of a followed creator's newest work; the heading follows the sort", async () => {
    const followed = await signUpMember({ firstName: 'Kenji', lastName: 'Mori' });
    await createProjectWithMedia(followed, { title: `Older by Kenji ${size.name}`, category: 'Illustration' });
    const newest = await createProjectWithMedia(followed, { title: `Newest by Kenji ${size.name}`, category: 'Illustration' });
    const member = await signUpMember({ firstName: 'Lena', lastName: 'Park' });
    const follow = await apiFetch('POST', `/api/users/${followed.id}/follow`, { cookie: member.cookie });
    expect(follow.status).toBe(200);

    const page = await sized(await openPage({ member, width: size.width }), size);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Welcome back, Lena' }).waitFor();
    expect(await page.getByRole('heading', { name: "Discover the World's Top Ai Creators" }).count()).toBe(0);
    const heading = page.locator('#gallery-heading');
    expect(await heading.textContent()).toBe('Featured Projects');
    const sorts = page.getByRole('group', { name: 'Sort projects' });
    await sorts.getByRole('button', { name: 'Recent' }).click();
    await page.getByRole('heading', { name: 'Recent Projects' }).waitFor();
    await sorts.getByRole('button', { name: 'Popular' }).click();
    await page.getByRole('heading', { name: 'Popular Projects' }).waitFor();
    await sorts.getByRole('button', { name: 'Following' }).click();
    await page.getByRole('heading', { name: 'Following', exact: true }).waitFor();
    const first = page.locator('[data-project-id]').first();
    await first.getByRole('link', { name: newest.title, exact: true }).waitFor();
    expect(await first.getAttribute('data-project-id')).toBe(String(newest.id));
    expect(await page.getByRole('button', { name: 'Categories' }).count()).toBe(0);
    expect(await axeViolations(page, { exclude: OTHERS })).toEqual([]);

    // Someone who follows nobody is pointed to creators to follow.
    const loner = await signUpMember({ firstName: 'Ola', lastName: 'Berg' });
    const empty = await sized(await openPage({ member: loner, width: size.width }), size);
    await empty.goto('/');
    await empty.getByRole('group', { name: 'Sort projects' }).getByRole('button', { name: 'Following' }).click();
    await empty.getByRole('heading', { name: 'Nothing from creators you follow yet' }).waitFor();
    await empty.getByRole('link', { name: 'Find creators to follow' }).waitFor();

    // Visitors keep the hero, and have no Following tab.
    const visitor = await sized(await openPage({ width: size.width }), size);
    await visitor.goto('/');
    await visitor.getByRole('heading', { level: 1, name: "Discover the World's Top Ai Creators" }).waitFor();
    expect(await visitor.getByRole('group', { name: 'Sort projects' }).getByRole('button', { name: 'Following' }).count()).toBe(0);
  });
});
