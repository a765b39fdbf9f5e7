// A member past a write limit (server/http/member-limits.ts) is told what the server said, not
// a fixed text that would mislead ('Please sign in' to a signed-in member).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TProject } from '../shared/schemas/project';
import { apiFetch, createProjectWithMedia, signUpMember, type TApiMember } from './api-helpers';
import { browserPerFile, toast } from './helpers';

const { openPage } = browserPerFile();
const LIKES_FOLLOWS_PER_MINUTE = 120;
const TOO_QUICK = 'You are liking and following too quickly. Please wait a minute and try again.';

let creator: TApiMember;
let project: TProject;

beforeAll(async () => {
  creator = await signUpMember({ firstName: 'Lim', lastName: 'Itless' });
  project = await createProjectWithMedia(creator, { title: `Rate Garden ${Date.now()}`, tags: ['limits'] });
});

async function openProject(page: Page): Promise<void> {
  await page.goto(`/project/${project.slug}`);
  await page.getByRole('heading', { name: project.title, level: 1 }).waitFor();
}

describe('limits on member writes in the browser', () => {
  it("shows the server's message when likes and follows pass the member's rate", async () => {
    const member = await signUpMember({ firstName: 'Quick', lastName: 'Clicker' });
    // The minute's likes and follows, spent through the API (an even number: the like ends off).
    for (let i = 0; i < LIKES_FOLLOWS_PER_MINUTE; i += 1) await apiFetch('POST', `/api/projects/${project.id}/like`, { cookie: member.cookie });
    const page = await openPage({ member });
    await openProject(page);

    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await toast(page, 'Error').filter({ hasText: TOO_QUICK }).waitFor();
    await page.getByRole('button', { name: 'Follow', exact: true }).waitFor();

    const actions = page.getByRole('complementary', { name: 'Creator and actions' });
    const shown = await toast(page, 'Error').count();
    await actions.getByRole('button', { name: /^Like, / }).click();
    // The follow's toast may still be leaving: wait for the like's own.
    await expect.poll(() => toast(page, 'Error').filter({ hasText: TOO_QUICK }).count()).toBeGreaterThan(shown);
    await actions.getByRole('button', { name: 'Like, 0 likes', exact: true }).waitFor();
  });

  it("shows the server's message when a limit refuses a hire message", async () => {
    const member = await signUpMember({ firstName: 'Much', lastName: 'Writer' });
    const page = await openPage({ member });
    const message = 'You have sent too many messages in the last hour. Please try again later.';
    await page.route('**/api/contact', (route) => route.fulfill({ status: 429, headers: { 'Retry-After': '600' }, contentType: 'application/json', body: JSON.stringify({ message }) }));
    await openProject(page);
    await page.getByRole('button', { name: 'Hire Me' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Message').fill('Would you make a poster for us?');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Failed to send message').filter({ hasText: message }).waitFor();
  });
});
