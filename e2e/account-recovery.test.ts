// A member's credentials in the browser: a forgotten password reset from the sign-in page
// through the e-mailed link, the password changed in Settings, the e-mail address changed and
// confirmed from the new address. Links are read from the server's outbox, as the mail server
// would receive them.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER } from '../shared/schemas/credentials';
import { sessionCookie } from './api-client';
import { apiFetch, signUpMember } from './api-helpers';
import { axeViolations } from './axe';
import { browserPerFile, dataDir, toast, uniqueEmail } from './helpers';

const { openPage } = browserPerFile();

/** The newest link of this kind mailed to the address, once the server has queued it. */
async function mailedLink(to: string, path: '/reset-password' | '/confirm-email'): Promise<string> {
  const database = new Database(join(dataDir(), 'app.db'), { readonly: true });
  try {
    let link: string | undefined;
    await expect
      .poll(() => {
        const rows = database.prepare('select text_body from outbox where to_address = ? order by id desc').all(to) as { text_body: string }[];
        link = rows.map((row) => new RegExp(`https?://[^\\s]+${path}\\?token=[\\w-]+`).exec(row.text_body)?.[0]).find(Boolean);
        return link;
      }, { timeout: 10_000 })
      .toBeTruthy();
    const url = new URL(link!);
    return `${url.pathname}${url.search}`;
  } finally {
    database.close();
  }
}

/**
 * No axe violation on the page. A signed-in page leaves the header out: its account button's
 * label ('Account menu') does not contain the initials it shows (label-content-name-mismatch),
 * on every page, which is not these pages' doing.
 */
async function expectAccessible(page: Page, { signedIn = false } = {}): Promise<void> {
  expect(await axeViolations(page, signedIn ? { exclude: ['header'] } : {})).toEqual([]);
}

const signIn = (email: string, password: string) => apiFetch('POST', '/api/auth/signin', { json: { email, password } });

describe('account recovery and credentials', () => {
  it("resets a forgotten password from the sign-in page's 'Forgot password?' link and signs in", async () => {
    const member = await signUpMember({ firstName: 'Rosalind', lastName: 'Franklin' });
    const page = await openPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await expectAccessible(page);

    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').filter({ hasText: FORGOT_PASSWORD_ANSWER }).waitFor();
    await expectAccessible(page);

    await page.goto(await mailedLink(member.email, '/reset-password'));
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await expectAccessible(page);

    // The server's policy, shown under the field.
    await page.getByLabel('New password').fill('Franklin1920');
    await page.getByLabel('Confirm password').fill('Franklin1920');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your password must not contain your name or e-mail address.' }).waitFor();
    expect(await page.getByLabel('New password').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page);

    await page.getByLabel('New password').fill('double-helix-photo-51');
    await page.getByLabel('Confirm password').fill('double-helix-photo-51');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await toast(page, 'Password changed').waitFor();
    await page.locator('header').getByText('RF', { exact: true }).waitFor();

    expect((await signIn(member.email, member.password)).status).toBe(401);
    expect((await signIn(member.email, 'double-helix-photo-51')).status).toBe(200);
    // The session the member had before the reset has ended.
    expect(await (await apiFetch('GET', '/api/auth/me', { cookie: member.cookie })).json()).toBeNull();
  });

  it('says a used or unknown reset link is invalid, with a way to ask for a new one', async () => {
    const page = await openPage();
    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByLabel('New password').fill('double-helix-photo-51');
    await page.getByLabel('Confirm password').fill('double-helix-photo-51');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('alert').filter({ hasText: 'This reset link is invalid or has expired. Request a new one.' }).waitFor();
    await page.getByRole('link', { name: 'Request a new link' }).waitFor();
    await expectAccessible(page);
  });

  it('changes the password in Settings: this session stays, the others end', async () => {
    const member = await signUpMember({ firstName: 'Hedy', lastName: 'Lamarr' });
    const elsewhere = sessionCookie(await signIn(member.email, member.password));
    const page = await openPage({ member });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('heading', { name: 'Change password' }).waitFor();
    await expectAccessible(page);

    await settings.getByLabel('Current password').fill('not-my-password');
    await settings.getByLabel('New password', { exact: true }).fill('frequency-hopping-1942');
    await settings.getByLabel('Confirm new password').fill('frequency-hopping-1942');
    await settings.getByRole('button', { name: 'Change password' }).click();
    await settings.getByRole('alert').filter({ hasText: 'Your current password is incorrect.' }).waitFor();

    await settings.getByLabel('Current password').fill(member.password);
    await settings.getByRole('button', { name: 'Change password' }).click();
    await toast(page, 'Password changed').waitFor();
    expect(await settings.getByLabel('Current password').inputValue()).toBe('');

    expect(await (await apiFetch('GET', '/api/auth/me', { cookie: elsewhere })).json()).toBeNull();
    expect(await (await apiFetch('GET', '/api/auth/me', { cookie: member.cookie })).json()).not.toBeNull();
    expect((await signIn(member.email, 'frequency-hopping-1942')).status).toBe(200);
  });

  it('changes the e-mail address in Settings once the link sent to the new address is opened', async () => {
    const member = await signUpMember();
    const newEmail = uniqueEmail('moved');
    const page = await openPage({ member });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByLabel('New e-mail').fill(newEmail);
    await settings.getByLabel('Your password').fill(member.password);
    await settings.getByRole('button', { name: 'Send confirmation link' }).click();
    await settings.getByRole('status').filter({ hasText: "We've sent a link to your new address." }).waitFor();

    await page.goto(await mailedLink(newEmail, '/confirm-email'));
    await page.getByRole('heading', { name: 'E-mail address changed' }).waitFor();
    expect(await page.getByText(`Your account now uses ${newEmail}.`, { exact: false }).isVisible()).toBe(true);
    await expectAccessible(page, { signedIn: true });
    expect((await signIn(newEmail, member.password)).status).toBe(200);

    await page.goto('/confirm-email?token=used-or-unknown');
    await page.getByRole('heading', { name: "We couldn't change your e-mail address" }).waitFor();
    await expectAccessible(page, { signedIn: true });
  });
});
