// Notifications end to end: another member comments on a creator's project, the creator's bell
// count rises without a reload, the notification opens the comment on the project page, and
// 'Mark all as read' clears the count.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TProject } from '../shared/schemas/project';
import { apiFetch, createProjectWithMedia, signUpMember, type TApiMember } from './api-helpers';
import { axeViolations } from './axe';
import { browserPerFile } from './helpers';

const { openPage } = browserPerFile();
let owner: TApiMember;
let fan: TApiMember;
let project: TProject;

beforeAll(async () => {
  owner = await signUpMember({ firstName: 'Mira', lastName: 'Maker' });
  fan = await signUpMember({ firstName: 'Ada', lastName: 'Lovelace' });
  project = await createProjectWithMedia(owner, { title: `Solar Bloom ${Date.now()}`, description: 'Sunflowers made of light.' });
});

const bell = (page: Page) => page.getByTestId('notification-bell').first();
/** What a screen reader announces for the bell: 'Notifications, 1 unread'. */
const bellName = async (page: Page) => ((await bell(page).textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** The tab comes back into view: the bell asks again at once (production polls once a minute). */
async function returnToTab(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
}

/**
 * The bell's name once the tab has come back into view. Each look returns to the tab again: a
 * return while the previous count is still being fetched joins that request instead of asking
 * anew, and on a busy machine that request can have left before the change it should see.
 */
async function bellNameOnReturn(page: Page): Promise<string> {
  await returnToTab(page);
  return bellName(page);
}

describe('notifications', () => {
  it("raises the owner's bell on a comment without a reload, opens the comment, and clears with 'Mark all as read'", async () => {
    const page = await openPage({ member: owner });
    await page.goto('/');
    await expect.poll(() => bellName(page)).toBe('Notifications');

    const body = `What a glow on the petals ${Date.now()}`;
    const posted = await apiFetch('POST', `/api/projects/${project.id}/comments`, { cookie: fan.cookie, json: { body } });
    expect(posted.status).toBe(201);
    const commentId = ((await posted.json()) as { id: number }).id;
    await expect.poll(() => bellNameOnReturn(page)).toBe('Notifications, 1 unread');

    await bell(page).click();
    await page.waitForURL('**/notifications');
    const list = page.getByRole('list', { name: 'Notifications' });
    const item = list.getByRole('link', { name: new RegExp(`Ada Lovelace commented on ${project.title}`) });
    await item.waitFor();
    // The header's account button fails label-content-name-mismatch on every signed-in page (see account-recovery.test.ts).
    expect(await axeViolations(page, { exclude: ['header'] })).toEqual([]);

    await item.click();
    await page.waitForURL(`**/project/${project.slug}#comment-${commentId}`);
    const opened = page.locator(`#comment-${commentId}`);
    await opened.getByText(body).waitFor();
    await expect.poll(() => opened.isVisible()).toBe(true);
    await expect.poll(() => opened.evaluate((element) => { const box = element.getBoundingClientRect(); return box.top >= 0 && box.top < window.innerHeight; })).toBe(true);
    await expect.poll(() => bellName(page)).toBe('Notifications');

    // A follow arrives; 'Mark all as read' on /notifications takes the count away.
    expect((await apiFetch('POST', `/api/users/${owner.id}/follow`, { cookie: fan.cookie })).ok).toBe(true);
    await expect.poll(() => bellNameOnReturn(page)).toBe('Notifications, 1 unread');
    await bell(page).click();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => bellName(page)).toBe('Notifications');
    await page.getByRole('button', { name: 'Mark all as read' }).waitFor({ state: 'detached' });
  });

  it('chooses per type in Settings → Notification e-mails', async () => {
    const page = await openPage({ member: owner });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    const section = settings.getByRole('region', { name: 'Notification e-mails' });
    const comments = section.getByRole('combobox', { name: 'Comments on my projects' });
    await expect.poll(() => comments.textContent()).toBe('Instant');
    await comments.click();
    await page.getByRole('option', { name: 'Daily digest' }).click();
    await page.getByText('Notification e-mails saved').waitFor();
    await expect.poll(async () => (await apiFetch('GET', '/api/notifications/settings', { cookie: owner.cookie })).json()).toEqual({ hire: 'instant', comment: 'digest', reply: 'instant' });
    expect(await axeViolations(page, { exclude: ['header'] })).toEqual([]);
  });

  it('asks before unsubscribing, refuses a made-up link, and calls an incomplete one not valid', async () => {
    const page = await openPage();
    await page.goto('/unsubscribe?token=not-a-real-token&type=hire');
    await page.getByRole('heading', { name: 'Unsubscribe', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('alert').filter({ hasText: 'This unsubscribe link is not valid' }).waitFor();
    await page.goto('/unsubscribe');
    await page.getByRole('heading', { name: 'Link not valid', level: 1 }).waitFor();
  });
});
