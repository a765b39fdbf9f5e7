// Invitation codes page (SPEC §2, §4, §8): lists a member's codes and copies them with a 2 s check mark.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserPerFile, signUpThroughForm, toast } from './helpers';

const { openPage } = browserPerFile();

const availableCodes = (page: Page) => page.getByRole('region', { name: 'Available Codes' }).getByRole('listitem');

describe('invitation codes page', () => {
  it("lists a new member's three available codes and counts them under Your Impact", async () => {
    const page = await openPage();
    await signUpThroughForm(page);
    await page.goto('/invitation-codes');
    await page.getByRole('heading', { name: 'Invitation Codes', level: 1 }).waitFor();
    await availableCodes(page).first().waitFor();

    const codes = await page.evaluate(async () => ((await (await fetch('/api/invitation-codes')).json()) as { code: string }[]).map((c) => c.code));
    expect(codes).toHaveLength(3);
    expect(await availableCodes(page).count()).toBe(3);
    for (const code of codes) expect(await availableCodes(page).filter({ hasText: code }).count()).toBe(1);

    const impact = page.getByRole('region', { name: 'Your Impact' });
    const count = (label: string) => impact.locator('div', { has: page.getByText(label, { exact: true }) }).locator('dd');
    expect(await count('Total Codes Generated').innerText()).toBe('3');
    expect(await count('People Invited').innerText()).toBe('0');
    expect(await count('Codes Available').innerText()).toBe('3');
  });

  it('copies a code to the clipboard and shows a check mark for 2 s', async () => {
    const page = await openPage();
    await signUpThroughForm(page);
    await page.goto('/invitation-codes');
    await availableCodes(page).first().waitFor();
    const code = (await availableCodes(page).first().locator('.font-mono').innerText()).trim();

    await page.getByRole('button', { name: `Copy code ${code}` }).click();
    const copied = page.getByRole('button', { name: `Copied code ${code}` });
    await copied.waitFor();
    expect(await copied.locator('svg.lucide-check').count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    await page.getByRole('button', { name: `Copy code ${code}` }).waitFor({ state: 'visible', timeout: 3000 });
    expect(await copied.count()).toBe(0);

    await page.getByRole('button', { name: `Copy invite link for ${code}` }).click();
    await page.getByRole('button', { name: `Copied invite link for ${code}` }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(page.url()).origin}/signup?code=${code}`);
  });

  it('says when each code expires, and revokes one after a confirmation', async () => {
    const page = await openPage();
    await signUpThroughForm(page);
    await page.goto('/invitation-codes');
    await availableCodes(page).nth(2).waitFor();
    for (const row of await availableCodes(page).all()) expect(await row.innerText()).toContain('Expires in 30 days');
    const code = (await availableCodes(page).first().locator('.font-mono').innerText()).trim();

    await page.getByRole('button', { name: `Revoke code ${code}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Revoke code ${code}?` });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await availableCodes(page).count()).toBe(3);
    await page.getByRole('button', { name: `Revoke code ${code}` }).click();
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await toast(page, 'Code revoked').waitFor();
    await availableCodes(page).filter({ hasText: code }).waitFor({ state: 'detached' });
    expect(await availableCodes(page).count()).toBe(2);
    expect(await page.evaluate(async (revoked) => (await fetch('/api/invitation-codes/validate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: revoked }) })).status, code)).toBe(404);
  });

  it('asks a signed-out visitor to sign in', async () => {
    const page = await openPage();
    await page.goto('/invitation-codes');
    await page.getByRole('heading', { name: 'Access Required' }).waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login?next=%2Finvitation-codes');
  });
});
