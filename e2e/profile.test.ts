// The member's profile (SPEC §2, §4, §8) and public creator pages (issue 4): editing with a new
// picture, real figures, own projects, deleting the account, following and the invite tree.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TCreatorProfile } from '../shared/schemas/creator';
import type { TInvitationCode } from '../shared/schemas/invitation';
import type { TProject } from '../shared/schemas/project';
import type { TCurrentUser } from '../shared/schemas/user';
import { apiFetch, createProjectWithMedia, getJson, signUpMember } from './api-helpers';
import { browserPerFile, holdRequests, siteName, toast } from './helpers';

const FIXTURES_DIR = join(import.meta.dirname, '..', 'server', 'test', 'fixtures');

const { openPage } = browserPerFile();

/** The figure under a label in the profile's stats row. */
const stat = (page: Page, label: string) =>
  page
    .locator('dl[aria-label="Stats"] > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

const headerSignIn = (page: Page) => page.locator('header').getByRole('link', { name: 'Sign In' });

describe('profile page', () => {
  it('asks a signed-out visitor to sign in', async () => {
    const page = await openPage();
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Please sign in to view your profile' }).waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login?next=%2Fprofile');
  });

  it('edits the profile with a new avatar: preview at once, Saving..., then a /media/ picture that survives a reload', async () => {
    const member = await signUpMember({ firstName: 'Ada', lastName: 'Avatar' });
    const page = await openPage({ member });
    const releaseUpload = await holdRequests(page, '**/api/upload');
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Ada Avatar', level: 1 }).waitFor();
    expect(await page.title()).toBe(`Profile | ${siteName()}`);
    expect(await page.getByRole('main').locator('img[alt="Ada Avatar"]').count()).toBe(0);

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    expect(await dialog.getByLabel('First name').inputValue()).toBe('Ada');
    expect(await dialog.getByLabel('Last name').inputValue()).toBe('Avatar');
    await dialog.getByLabel('Title', { exact: true }).fill('Prompt Engineer');
    await dialog.getByLabel('Profile photo').setInputFiles(join(FIXTURES_DIR, 'gps.jpg'));
    await dialog.locator('img[src^="blob:"]').waitFor();

    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByRole('button', { name: 'Saving...' }).waitFor();
    releaseUpload();
    await toast(page, 'Profile updated').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const me = await getJson<TCurrentUser>('/api/auth/me', member.cookie);
    expect(me.title).toBe('Prompt Engineer');
    expect(me.profileImageUrl).toMatch(/^\/media\//);

    const profileAvatar = page.getByRole('main').locator('img[alt="Ada Avatar"]').first();
    const headerAvatar = page.getByRole('button', { name: 'Account menu' }).locator('img');
    for (let round = 0; round < 2; round += 1) {
      await profileAvatar.waitFor();
      await headerAvatar.waitFor();
      expect(await profileAvatar.getAttribute('src')).toBe(me.profileImageUrl);
      expect(await headerAvatar.getAttribute('src')).toBe(me.profileImageUrl);
      await page.getByText('Prompt Engineer', { exact: true }).waitFor();
      if (round === 0) await page.reload();
    }
  });

  it("shows the schema's messages next to their fields and sends nothing while the form is invalid", async () => {
    const member = await signUpMember({ firstName: 'Val', lastName: 'Idate' });
    const page = await openPage({ member });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByLabel('First name').fill('');
    await dialog.getByLabel('Website').fill('not a website');
    let patched = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/profile')) patched = true;
    });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();

    for (const [label, message] of [
      ['First name', 'First name is required'],
      ['Website', 'Please enter a valid website URL'],
    ] as const) {
      const error = dialog.getByText(message, { exact: true });
      await error.waitFor();
      const errorId = await error.getAttribute('id');
      expect(await dialog.getByLabel(label).getAttribute('aria-describedby')).toContain(errorId);
      expect(await dialog.getByLabel(label).getAttribute('aria-invalid')).toBe('true');
    }
    expect(patched).toBe(false);
  });

  it('shows Projects, Total Likes, Total Views and Liked as the API counts them, and lists own and liked work', async () => {
    const member = await signUpMember({ firstName: 'Stat', lastName: 'Counter' });
    const project = await createProjectWithMedia(member, { title: 'Counted work' });
    expect((await apiFetch('POST', `/api/projects/${project.id}/like`, { cookie: member.cookie })).ok).toBe(true);
    const { stats } = await getJson<TCreatorProfile>(`/api/users/${member.id}`);
    expect(stats).toMatchObject({ projects: 1, likes: 1, liked: 1 });

    const page = await openPage({ member });
    await page.goto('/profile');
    await stat(page, 'Projects').filter({ hasText: '1' }).waitFor();
    expect(await stat(page, 'Projects').innerText()).toBe('1');
    expect(await stat(page, 'Total Likes').innerText()).toBe('1');
    expect(await stat(page, 'Total Views').innerText()).toBe(String(stats.views));
    expect(await stat(page, 'Liked').innerText()).toBe('1');

    const myProjects = page.getByRole('tabpanel', { name: 'My Projects' });
    await myProjects.getByRole('link', { name: 'Counted work', exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Liked' }).click();
    await page.getByRole('tabpanel', { name: 'Liked' }).getByRole('link', { name: 'Counted work', exact: true }).waitFor();
  });

  it('edits a project (title, categories, tags, hidden prompt) and deletes it after confirmation', async () => {
    const member = await signUpMember();
    const project = await createProjectWithMedia(member, { title: 'Before edit', category: 'Illustration', tags: ['alpha'] });
    const page = await openPage({ member });
    await page.goto('/profile');
    const myProjects = page.getByRole('tabpanel', { name: 'My Projects' });
    await myProjects.getByRole('link', { name: 'Before edit', exact: true }).waitFor();

    await myProjects.getByRole('button', { name: 'Edit Before edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Project' });
    expect(await dialog.getByLabel('Title', { exact: true }).inputValue()).toBe('Before edit');
    expect(await dialog.getByRole('checkbox', { name: 'Illustration' }).getAttribute('aria-checked')).toBe('true');
    await dialog.getByLabel('Title', { exact: true }).fill('After edit');
    await dialog.getByRole('checkbox', { name: 'Animation' }).click();
    await dialog.getByLabel('Tags', { exact: true }).fill('beta');
    await dialog.getByLabel('Tags', { exact: true }).press('Enter');
    const hidePrompt = dialog.getByRole('switch', { name: 'Hide prompt and settings from others' });
    expect(await hidePrompt.getAttribute('aria-checked')).toBe('false');
    await hidePrompt.click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Project updated').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await myProjects.getByRole('link', { name: 'After edit', exact: true }).waitFor();

    const saved = await getJson<TProject>(`/api/projects/${project.id}`, member.cookie);
    expect(saved).toMatchObject({ title: 'After edit', categories: ['Animation', 'Illustration'], tags: ['alpha', 'beta'], hidePrompt: true });

    await myProjects.getByRole('button', { name: 'Delete After edit' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this project?' });
    await confirm.getByRole('button', { name: 'Delete Project' }).click();
    await toast(page, 'Project deleted').waitFor();
    await myProjects.getByText('No projects yet').waitFor();
    await stat(page, 'Projects').filter({ hasText: '0' }).waitFor();
    expect((await apiFetch('GET', `/api/projects/${project.id}`)).status).toBe(404);
  });

  it('deletes the account: confirmation, Deleting..., home signed out, and the old credentials no longer sign in', async () => {
    const member = await signUpMember({ firstName: 'Gone', lastName: 'Soon' });
    await createProjectWithMedia(member, { title: 'Leaves with its creator' });
    const page = await openPage({ member });
    const releaseDeletion = await holdRequests(page, '**/api/auth/delete-account');
    await page.goto('/profile');

    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByText(member.email, { exact: true }).waitFor();
    await settings.getByRole('button', { name: 'Delete Account' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await confirm.getByText('All your projects with their images, GIFs and videos').waitFor();
    await confirm.getByRole('button', { name: 'Delete Account' }).click();
    await confirm.getByRole('button', { name: 'Deleting...' }).waitFor();
    releaseDeletion();
    await toast(page, 'Account deleted').waitFor();
    // Still here the moment the toast shows; home a second later, with a fresh, signed-out page.
    expect(new URL(page.url()).pathname).toBe('/profile');
    await page.waitForURL((url) => url.pathname === '/');
    await headerSignIn(page).waitFor();
    expect((await apiFetch('GET', `/api/users/${member.id}`)).status).toBe(404);

    await page.goto('/login');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await toast(page, 'Sign in failed').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('shows the same codes as /invitation-codes in the Invite Codes tab', async () => {
    const member = await signUpMember();
    const codes = await getJson<TInvitationCode[]>('/api/invitation-codes', member.cookie);
    const page = await openPage({ member });
    await page.goto('/profile?tab=invites');
    const available = page.getByRole('region', { name: 'Available Codes' }).getByRole('listitem');
    await available.first().waitFor();
    expect(await available.count()).toBe(codes.length);
    for (const { code } of codes) expect(await available.filter({ hasText: code }).count()).toBe(1);
    const first = codes[0]?.code ?? '';
    await page.getByRole('button', { name: `Copy code ${first}` }).click();
    await page.getByRole('button', { name: `Copied code ${first}` }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
  });
});

describe('creator page', () => {
  it('follows from the right initial state, counts followers from the answer, and links the inviter', async () => {
    const inviter = await signUpMember({ firstName: 'Ida', lastName: 'Inviter' });
    const [code] = await getJson<TInvitationCode[]>('/api/invitation-codes', inviter.cookie);
    const creator = await signUpMember({ firstName: 'Cora', lastName: 'Creator' }, code?.code);
    await createProjectWithMedia(creator, { title: 'Work by Cora' });
    const viewer = await signUpMember({ firstName: 'Vic', lastName: 'Viewer' });

    const page = await openPage({ member: viewer });
    await page.goto(`/creator/${creator.id}`);
    await page.getByRole('heading', { name: 'Cora Creator', level: 1 }).waitFor();
    expect(await page.title()).toBe(`Cora Creator | ${siteName()}`);
    await page.getByText('0 followers', { exact: true }).waitFor();
    const card = page.locator('article', { has: page.getByRole('link', { name: 'Work by Cora', exact: true }) });
    await card.waitFor();
    expect(await card.getByRole('link', { name: 'Cora Creator', exact: true }).getAttribute('href')).toBe(`/creator/${creator.id}`);
    expect(await page.content()).not.toContain(creator.email);

    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await toast(page, 'Following').waitFor();
    await page.getByText('1 follower', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Following', exact: true }).waitFor();
    expect((await getJson<TCreatorProfile>(`/api/users/${creator.id}`, viewer.cookie)).isFollowing).toBe(true);

    await page.reload();
    await page.getByRole('heading', { name: 'Cora Creator', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Following', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Follow', exact: true }).count()).toBe(0);
    await page.getByText('1 follower', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Following', exact: true }).click();
    await toast(page, 'Unfollowed').waitFor();
    await page.getByText('0 followers', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Follow', exact: true }).waitFor();

    const invitedBy = page.getByRole('link', { name: 'Ida Inviter' });
    expect(await invitedBy.getAttribute('href')).toBe(`/creator/${inviter.id}`);
    expect(await page.getByText('Invited by').count()).toBe(1);
    await invitedBy.click();
    await page.getByRole('heading', { name: 'Ida Inviter', level: 1 }).waitFor();
    expect(await page.getByText('Invited by').count()).toBe(0);
  });

  it('asks a signed-out visitor to sign in to follow, hides Follow on your own page, and says when a creator is not found', async () => {
    const creator = await signUpMember({ firstName: 'Solo', lastName: 'Artist' });
    let page = await openPage();
    await page.goto(`/creator/${creator.id}`);
    await page.getByRole('heading', { name: 'Solo Artist', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await toast(page, 'Authentication required').filter({ hasText: 'Please sign in to follow creators' }).waitFor();
    // To sign in, with the way back here and the follow to finish (issue 16).
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === `/creator/${creator.id}` && url.searchParams.get('do') === 'follow');

    await page.goto('/creator/99999999');
    await page.getByRole('heading', { name: 'Creator not found' }).waitFor();

    page = await openPage({ member: creator });
    await page.goto('/profile');
    await page.getByRole('link', { name: 'View public page' }).click();
    await page.waitForURL((url) => url.pathname === `/creator/${creator.id}`);
    await page.getByRole('heading', { name: 'Solo Artist', level: 1 }).waitFor();
    await page.getByText('No projects yet').waitFor();
    expect(await page.getByRole('button', { name: /^Follow/ }).count()).toBe(0);
  });

  it("links the creator's name on the project page to their creator page", async () => {
    const creator = await signUpMember({ firstName: 'Pia', lastName: 'Panel' });
    const project = await createProjectWithMedia(creator, { title: 'Panel piece' });
    const page = await openPage();
    await page.goto(`/project/${project.slug}`);
    await page.getByRole('heading', { name: 'Panel piece', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Creator' }).getByRole('link', { name: 'Pia Panel' }).click();
    await page.waitForURL((url) => url.pathname === `/creator/${creator.id}`);
    await page.getByRole('heading', { name: 'Pia Panel', level: 1 }).waitFor();
  });
});
