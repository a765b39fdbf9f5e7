// Keeping people oriented (issue 16): signing in (or up) from any page returns to it and finishes
// the like, follow, hire dialog or upload that asked for it; the way back is a path on this site
// only; the header's inbox counts unread hire messages (in the phone drawer too); the drawer has
// Sign Up; the profile tabs reach Messages on a phone; toasts never cover the cookie banner;
// Generate Codes is off with its reason at the allowance. At 1440×900 and 390×844.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { initials } from '../shared/format';
import type { TProject } from '../shared/schemas/project';
import { apiFetch, createProjectWithMedia, getJson, signUpMember, type TApiMember } from './api-helpers';
import { axeViolations } from './axe';
import { baseUrl, browserPerFile, inviteCodes, signInThroughForm, toast, uniqueEmail } from './helpers';

const { openPage } = browserPerFile();

const SIZES = [
  { size: 'desktop', width: 1440, height: 900 },
  { size: 'phone', width: 390, height: 844 },
] as const;

let creator: TApiMember;
let project: TProject;

beforeAll(async () => {
  creator = await signUpMember({ firstName: 'Orla', lastName: 'Orient' });
  project = await createProjectWithMedia(creator, { title: `Compass Rose ${Date.now()}`, description: 'A compass drawn in light.' });
});

const path = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};
const actions = (page: Page) => page.getByRole('complementary', { name: 'Creator and actions' });

/** A page at this size; `member` is signed in already, else a visitor. */
async function open(size: (typeof SIZES)[number], member?: TApiMember): Promise<Page> {
  const page = await openPage(member ? { member, width: size.width } : { width: size.width });
  await page.setViewportSize({ width: size.width, height: size.height });
  return page;
}

async function openProject(page: Page): Promise<void> {
  await page.goto(`/project/${project.slug}`);
  await page.getByRole('heading', { name: project.title, level: 1 }).waitFor();
}

describe.each(SIZES)('return-to after signing in ($size)', (size) => {
  it('Like: to the login page with the way back, then back on the project with the like made', async () => {
    const member = await signUpMember();
    const page = await open(size);
    await openProject(page);
    await actions(page).getByRole('button', { name: /^Like, / }).click();
    await toast(page, 'Authentication Required').waitFor();
    // Through the old /api/login endpoint (SPEC §8), which passes the way back on.
    await page.waitForURL((url) => url.pathname === '/login');
    expect(path(page)).toBe(`/login?${new URLSearchParams({ next: `/project/${project.slug}`, do: 'like', id: String(project.id) })}`);

    await signInThroughForm(page, member);
    await page.waitForURL((url) => url.pathname === `/project/${project.slug}`);
    await actions(page).getByRole('button', { name: /^Like, /, pressed: true }).waitFor();
    await expect.poll(async () => (await getJson<TProject>(`/api/projects/${project.id}`, member.cookie)).isLiked).toBe(true);
    // Done once: a reload does not toggle it back.
    await page.reload();
    await actions(page).getByRole('button', { name: /^Like, / }).waitFor();
    expect(await actions(page).getByRole('button', { name: /^Like, / }).getAttribute('aria-pressed')).toBe('true');
  });

  it('Follow: back on the project, following the creator', async () => {
    const member = await signUpMember();
    const page = await open(size);
    await openProject(page);
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(path(page)).toBe(`/login?${new URLSearchParams({ next: `/project/${project.slug}`, do: 'follow', id: String(creator.id) })}`);

    await signInThroughForm(page, member);
    await page.waitForURL((url) => url.pathname === `/project/${project.slug}`);
    await page.getByRole('button', { name: 'Following', exact: true }).waitFor();
    await toast(page, 'Following').waitFor();
    await expect.poll(async () => (await getJson<TProject>(`/api/projects/${project.id}`, member.cookie)).isFollowing).toBe(true);
  });

  it('Hire Me: a visitor may write at once, or sign in and come back to the dialog, filled in', async () => {
    const member = await signUpMember({ firstName: 'Hugo', lastName: 'Hirer' });
    const page = await open(size);
    await openProject(page);
    await page.getByRole('button', { name: 'Hire Me' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Sign in to send it from your account' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(path(page)).toBe(`/login?${new URLSearchParams({ next: `/project/${project.slug}`, do: 'hire', id: String(creator.id) })}`);

    await signInThroughForm(page, member);
    await page.waitForURL((url) => url.pathname === `/project/${project.slug}`);
    const dialog = page.getByRole('dialog', { name: 'Hire Orla Orient' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByLabel('Your name').inputValue()).toBe('Hugo Hirer');
    expect(await dialog.getByLabel('Your email').inputValue()).toBe(member.email);
    expect(await dialog.getByRole('link', { name: 'Sign in to send it from your account' }).count()).toBe(0);
  });

  it('Upload: to the login page, then to the upload page', async () => {
    const member = await signUpMember();
    const page = await open(size);
    await page.goto('/upload');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(path(page)).toBe('/login?next=%2Fupload');
    await signInThroughForm(page, member);
    await page.waitForURL((url) => url.pathname === '/upload');
    await page.getByRole('heading', { name: 'Share Your Work', level: 1 }).waitFor();
  });

  it('Sign up from the login page keeps the way back and the pending like', async () => {
    const page = await open(size);
    await page.goto(`/login?${new URLSearchParams({ next: `/project/${project.slug}`, do: 'like', id: String(project.id) })}`);
    await page.locator('main').getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL((url) => url.pathname === '/signup');
    expect(path(page)).toBe(`/signup?${new URLSearchParams({ next: `/project/${project.slug}`, do: 'like', id: String(project.id) })}`);
    // And the way back to sign in keeps it too.
    expect(await page.locator('main').getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/login?${new URLSearchParams({ next: `/project/${project.slug}`, do: 'like', id: String(project.id) })}`,
    );

    const email = uniqueEmail('returning');
    const [code] = inviteCodes(1);
    const form = page.locator('main form');
    await form.getByLabel('Invitation code').fill(code ?? '');
    await form.getByLabel('First name').fill('Nia');
    await form.getByLabel('Last name').fill('Newcomer');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill('correct-horse-battery');
    await form.getByLabel('Confirm password').fill('correct-horse-battery');
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === `/project/${project.slug}`);
    // A new member is greeted by the tour (a modal over the page): the like is asked of the server.
    const liked = () => page.evaluate(async (id) => ((await (await fetch(`/api/projects/${id}`)).json()) as TProject).isLiked, project.id);
    await expect.poll(liked, { timeout: 10_000 }).toBe(true);
  });

  it('refuses an open redirect: next=//evil.example lands on /', async () => {
    const member = await signUpMember();
    const page = await open(size);
    await page.goto('/api/login?next=%2F%2Fevil.example&do=like&id=1');
    expect(path(page)).toBe('/login');
    await page.goto('/login?next=%2F%2Fevil.example');
    await signInThroughForm(page, member);
    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).origin).toBe(new URL(baseUrl()).origin);
    for (const next of ['/\\evil.example', 'https://evil.example']) {
      expect(await page.evaluate(async (target) => (await fetch(`/api/login?next=${encodeURIComponent(target)}`, { redirect: 'manual' })).type, next)).toBe('opaqueredirect');
    }
  });
});

/** Sends the creator a hire message as a visitor would. */
async function sendHireMessage(to: TApiMember, text: string): Promise<void> {
  const response = await apiFetch('POST', '/api/contact', {
    json: { name: 'Ivy Inbox', email: uniqueEmail('inbox'), subject: 'A commission', message: text, recipientId: to.id, projectId: null, website: '' },
  });
  expect(response.status).toBe(201);
}

describe.each(SIZES)('header ($size)', (size) => {
  const phone = size.width < 768;

  const container = (page: Page) => (phone ? page.getByRole('dialog', { name: 'Menu' }) : page.locator('header'));

  /** The header's inbox, in the drawer on a phone (opened here). */
  async function inbox(page: Page) {
    if (!phone) return page.locator('header').getByTestId('inbox-link');
    await page.getByRole('button', { name: 'Open menu' }).click();
    return page.getByRole('dialog', { name: 'Menu' }).getByTestId('inbox-link');
  }

  it('counts a new hire message in the inbox beside the bell, and clears it once read', async () => {
    const member = await signUpMember({ firstName: 'Ines', lastName: 'Inbox' });
    const page = await open(size, member);
    await page.goto('/');
    let link = await inbox(page);
    await container(page).getByRole('link', { name: 'Messages', exact: true }).waitFor();
    if (phone) await page.keyboard.press('Escape');

    const text = `A commission for you ${Date.now()}`;
    await sendHireMessage(member, text);
    await page.reload();
    link = await inbox(page);
    await link.getByTestId('inbox-count').waitFor();
    expect(await link.getByTestId('inbox-count').textContent()).toBe('1');
    // Icon only, the name is spelled out; in the drawer, the word and the count shown are the name.
    await container(page).getByRole('link', { name: phone ? 'Messages 1 unread' : 'Messages, 1 unread', exact: true }).waitFor();
    // Beside the notification bell.
    const [bellBox, inboxBox] = await Promise.all([container(page).getByTestId('notification-bell').boundingBox(), link.boundingBox()]);
    expect(bellBox && inboxBox && Math.abs(inboxBox.y - bellBox.y) < (phone ? 60 : 4)).toBe(true);

    await link.click();
    await page.waitForURL((url) => url.pathname === '/profile' && url.searchParams.get('tab') === 'messages');
    const row = page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: text });
    await row.getByRole('button').click();
    await page.getByRole('dialog').getByText(text).waitFor();
    await page.keyboard.press('Escape');
    await row.getByText('Unread', { exact: true }).waitFor({ state: 'detached' });

    link = await inbox(page);
    await link.getByTestId('inbox-count').waitFor({ state: 'detached' });
    await container(page).getByRole('link', { name: 'Messages', exact: true }).waitFor();
  });

  it('names every icon by its label, the account button by its initials, with no serious axe finding', async () => {
    const visitor = await open(size);
    await visitor.goto('/');
    const member = await signUpMember({ firstName: 'Axel', lastName: 'Bright' });
    await sendHireMessage(member, `Header states ${Date.now()}`);
    const page = await open(size, member);
    await page.goto('/');

    for (const [who, tab] of [
      ['visitor', visitor],
      ['member', page],
    ] as const) {
      if (phone) {
        await tab.getByRole('button', { name: 'Open menu' }).click();
        const drawer = tab.getByRole('dialog', { name: 'Menu' });
        await drawer.waitFor();
        // In the drawer every icon shows its name.
        for (const label of ['Restart tour', 'New on Inspiration', 'Invite creators']) {
          await drawer.getByRole(label === 'Restart tour' ? 'button' : 'link', { name: label, exact: true }).waitFor();
          expect(await drawer.getByText(label, { exact: true }).isVisible()).toBe(true);
        }
        if (who === 'visitor') {
          expect(await drawer.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/api/login?next=%2F');
          expect(await drawer.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/signup');
        } else {
          await drawer.getByRole('link', { name: 'Messages 1 unread', exact: true }).waitFor();
          expect(await drawer.getByText('Notifications', { exact: true }).isVisible()).toBe(true);
        }
        expect(await axeViolations(tab, { exclude: ['main', 'footer'] })).toEqual([]);
        await tab.keyboard.press('Escape');
      } else {
        const header = tab.locator('header');
        for (const label of ['Restart tour', 'New on Inspiration', 'Invite creators']) {
          const control = header.getByRole(label === 'Restart tour' ? 'button' : 'link', { name: label, exact: true });
          await control.hover();
          await tab.getByRole('tooltip', { name: label }).waitFor();
        }
        if (who === 'member') {
          await header.getByRole('link', { name: 'Messages, 1 unread' }).waitFor();
          const account = header.getByRole('button', { name: /account menu/i });
          const shown = (await account.innerText()).trim();
          expect(shown).toBe(initials({ firstName: 'Axel', lastName: 'Bright' }));
          expect(await account.getAttribute('aria-label')).toContain(shown);
        } else {
          expect(await header.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login?next=%2F');
        }
        expect(await axeViolations(tab, { exclude: ['main', 'footer'] })).toEqual([]);
      }
    }
  });
});

describe('on a phone (390×844)', () => {
  const phone = SIZES[1];

  it('the profile tabs scroll sideways and reach Messages', async () => {
    const member = await signUpMember();
    const page = await open(phone, member);
    await page.goto('/profile');
    const tabs = page.getByRole('tablist', { name: 'Profile sections' });
    await tabs.waitFor();
    // The row scrolls; the page itself does not grow sideways.
    expect(await tabs.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    const messages = page.getByRole('tab', { name: 'Messages' });
    await messages.click();
    expect(await messages.getAttribute('aria-selected')).toBe('true');
    const box = await messages.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= phone.width).toBe(true);
    await page.getByText('No messages yet').waitFor();
  });
});

describe.each(SIZES)('cookie banner and toasts ($size)', (size) => {
  it('a toast never covers the banner, and the banner stays away after a choice', async () => {
    const page = await openPage({ width: size.width, cookieBanner: true });
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/login');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.waitFor();
    // A failed sign-in shows a toast while the banner is up.
    const form = page.locator('main form');
    await form.getByLabel('Email').fill(uniqueEmail('nobody'));
    await form.getByLabel('Password').fill('wrong-password-123');
    await form.getByRole('button', { name: 'Sign In' }).click();
    const shown = toast(page, 'Sign in failed');
    await shown.waitFor();
    // Once the toast has settled where it stays.
    await expect
      .poll(async () => {
        const [a, b] = await Promise.all([shown.boundingBox(), banner.boundingBox()]);
        if (!a || !b) return 'missing';
        const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
        return overlap ? 'overlap' : 'apart';
      })
      .toBe('apart');
    // Accept All is not covered: a real click reaches it.
    await banner.getByRole('button', { name: 'Accept All' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.goto('/about');
    await page.waitForTimeout(2000);
    expect(await banner.count()).toBe(0);
  });
});

describe.each(SIZES)('Generate Codes ($size)', (size) => {
  it('is disabled at 3 of 3 codes, with the reason beside it, and no Error toast', async () => {
    const member = await signUpMember();
    const page = await open(size, member);
    await page.goto('/invitation-codes');
    const generate = page.getByRole('button', { name: 'Generate Codes' });
    await page.getByText('You have 3 of 3 codes').waitFor();
    expect(await generate.isDisabled()).toBe(true);
    expect(await generate.getAttribute('aria-describedby')).toBe('generate-codes-reason');
    await generate.click({ force: true });
    await page.waitForTimeout(300);
    expect(await toast(page, 'Error').count()).toBe(0);

    // One revoked: the button works again.
    const [code] = await getJson<{ id: number }[]>('/api/invitation-codes', member.cookie);
    await apiFetch('DELETE', `/api/invitation-codes/${code?.id}`, { cookie: member.cookie });
    await page.reload();
    await expect.poll(() => generate.isEnabled()).toBe(true);
    expect(await page.getByText('You have 3 of 3 codes').count()).toBe(0);
  });
});
