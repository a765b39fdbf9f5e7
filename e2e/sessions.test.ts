// Settings → where you're signed in (issue 13): a member signed in from two browsers sees both,
// and 'Sign out everywhere else' signs the other one out.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../shared/constants';
import { apiFetch, signUpMember, type TApiMember } from './api-helpers';
import { browserPerFile, toast } from './helpers';

const { openPage } = browserPerFile();

/** Signs in through the sign-in form, the onboarding tour already done. */
async function signInThroughForm(page: Page, member: TApiMember): Promise<void> {
  await page.context().addInitScript(({ key }) => window.localStorage.setItem(key, 'true'), { key: `${STORAGE_KEYS.onboardingCompletedPrefix}_${member.id}` });
  await page.goto('/login');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Whether the page's browser is signed in: /api/auth/me answers a member, or null for a visitor. */
const signedIn = (page: Page) => page.evaluate(async () => (await (await fetch('/api/auth/me')).json()) !== null);

describe('sessions in Settings', () => {
  it("lists the two browsers a member is signed in on, and 'Sign out everywhere else' signs the other one out", async () => {
    const member = await signUpMember({ firstName: 'Two', lastName: 'Browsers' });
    // The sign-up's own session (made over the API) ends: the two browsers are all there is.
    expect((await apiFetch('POST', '/api/auth/signout', { cookie: member.cookie })).status).toBe(204);
    const here = await openPage();
    const there = await openPage();
    await signInThroughForm(here, member);
    await signInThroughForm(there, member);

    await here.goto('/profile');
    await here.getByRole('button', { name: 'Settings' }).click();
    const settings = here.getByRole('dialog', { name: 'Settings' });
    const sessions = settings.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
    await sessions.nth(1).waitFor();
    expect(await sessions.count()).toBe(2);
    const current = sessions.filter({ hasText: 'This device' });
    expect(await current.count()).toBe(1);
    expect(await current.textContent()).toMatch(/Chrome.* on Linux.*Active now/);
    const other = sessions.filter({ hasNotText: 'This device' });
    expect(await other.textContent()).toMatch(/Last active just now/);
    await other.getByRole('button', { name: /^Sign out Chrome/ }).waitFor();

    await settings.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await toast(here, 'Signed out everywhere else').waitFor();
    await settings.getByRole('button', { name: 'Sign out everywhere else' }).waitFor({ state: 'detached' });
    expect(await sessions.count()).toBe(1);

    // The other browser's next request is signed out; this one stays signed in.
    expect(await signedIn(there)).toBe(false);
    await there.reload();
    await there.locator('header').getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await signedIn(here)).toBe(true);
  });
});
