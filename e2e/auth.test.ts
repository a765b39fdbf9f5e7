// Accounts in the browser (SPEC §2, §4, §5, §8): sign up with an invitation code, sign out, sign in.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserPerFile, inviteCodes, signUpThroughForm, toast, uniqueEmail } from './helpers';

const { openPage } = browserPerFile();

const initials = (page: Page) => page.locator('header').getByText('AL', { exact: true });
const headerSignIn = (page: Page) => page.locator('header').getByRole('link', { name: 'Sign In' });

async function fillSignup(page: Page, code: string): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Invitation code').fill(code);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-battery');
  await page.getByLabel('Confirm password').fill('correct-horse-battery');
  await page.getByRole('button', { name: 'Create account' }).click();
}

describe('accounts', () => {
  it('signs up with a code from npm run invite, shows the initials, signs out from the avatar menu and signs back in', async () => {
    const page = await openPage();
    const member = await signUpThroughForm(page, { firstName: 'Ada', lastName: 'Lovelace' });
    await initials(page).waitFor();
    expect(await headerSignIn(page).count()).toBe(0);

    await page.locator('header').getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await headerSignIn(page).waitFor();
    expect(await initials(page).count()).toBe(0);
    expect(await page.evaluate(async () => (await fetch('/api/auth/me')).json())).toBeNull();

    await headerSignIn(page).click();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await initials(page).waitFor();
  });

  it('pre-fills the code from an invite link', async () => {
    const page = await openPage();
    await page.goto('/signup?code=ABCDE12345');
    expect(await page.getByLabel('Invitation code').inputValue()).toBe('ABCDE12345');
  });

  it('refuses a used invitation code with the SPEC text and creates no account', async () => {
    const page = await openPage();
    const [code] = inviteCodes(1);
    await fillSignup(page, code!);
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().clearCookies();

    await fillSignup(page, code!);
    const message = 'This invitation code has already been used.';
    await page.getByRole('alert').filter({ hasText: message }).waitFor();
    await toast(page).and(page.locator('[data-type="error"]')).filter({ hasText: message }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signup');
    expect(await page.evaluate(async () => (await fetch('/api/auth/me')).json())).toBeNull();
  });

  it('refuses an unknown invitation code with the SPEC text', async () => {
    const page = await openPage();
    await fillSignup(page, 'ZZZZZZZZZZ');
    await page.getByRole('alert').filter({ hasText: 'Invitation code not found. Please check the code and try again.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signup');
  });

  it('shows the SPEC validation messages on an empty sign-in form, tied to their fields', async () => {
    const page = await openPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const email = page.getByLabel('Email');
    await page.getByText('Please enter a valid email address').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await email.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`#${describedBy}`).innerText()).toBe('Please enter a valid email address');
    expect(await page.getByText('Password is required').isVisible()).toBe(true);
  });

  it('shows a destructive "Sign in failed" toast for a wrong password', async () => {
    const page = await openPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await toast(page, 'Sign in failed').and(page.locator('[data-type="error"]')).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
