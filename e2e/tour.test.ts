// Onboarding tour (SPEC §2, §4): starts once for a new member, six steps, completed flag per member, restartable.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TIMINGS } from '../shared/constants';
import { browserPerFile, signUpThroughForm, stopClock, waitOnStoppedClock } from './helpers';

const { openPage } = browserPerFile();

const tour = (page: Page) => page.getByRole('dialog');
const restartButton = (page: Page) => page.getByRole('button', { name: /tour/i }).first();

async function completedFlag(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const me = (await (await fetch('/api/auth/me')).json()) as { id: number };
    return window.localStorage.getItem(`onboarding-completed_${me.id}`);
  });
}

async function clearCompletedFlag(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const me = (await (await fetch('/api/auth/me')).json()) as { id: number };
    window.localStorage.removeItem(`onboarding-completed_${me.id}`);
  });
}

/**
 * Once the page knows who is there (signed in, the account menu; else Sign In), lets twice the
 * auto-start delay go by on the stopped clock, then lets time flow again.
 */
async function waitOutTheDelay(page: Page, signedIn = true): Promise<void> {
  const header = page.locator('header');
  await waitOnStoppedClock(page, signedIn ? header.getByRole('button', { name: 'Account menu' }) : header.getByRole('link', { name: 'Sign In' }));
  await page.clock.runFor(2 * TIMINGS.tourAutoStartDelay);
  expect(await tour(page).isVisible()).toBe(false);
  await page.clock.resume();
}

describe('onboarding tour', () => {
  it('greets a new member by first name, walks through six steps to Complete and stays closed after a reload', async () => {
    const page = await openPage();
    await signUpThroughForm(page, { firstName: 'Grace' }, { tour: 'keep' });

    await tour(page).waitFor();
    expect(await tour(page).getByRole('heading', { name: 'Welcome, Grace!' }).isVisible()).toBe(true);

    for (let step = 1; step <= 6; step += 1) {
      expect(await tour(page).getByText(`Step ${step} of 6`).isVisible()).toBe(true);
      expect(await tour(page).getByRole('button', { name: 'Back' }).isVisible()).toBe(step > 1);
      if (step === 3) {
        await tour(page).getByRole('button', { name: 'Back' }).click();
        expect(await tour(page).getByText('Step 2 of 6').isVisible()).toBe(true);
        await tour(page).getByRole('button', { name: 'Next' }).click();
      }
      await tour(page)
        .getByRole('button', { name: step < 6 ? 'Next' : 'Complete', exact: true })
        .click();
    }
    await tour(page).waitFor({ state: 'hidden' });
    expect(await completedFlag(page)).toBe('true');

    await stopClock(page);
    await page.reload();
    await waitOutTheDelay(page);

    await restartButton(page).click();
    await tour(page).waitFor();
    expect(await tour(page).getByText('Step 1 of 6').isVisible()).toBe(true);
    expect(await tour(page).getByRole('heading', { name: 'Welcome, Grace!' }).isVisible()).toBe(true);
  });

  it('stores the completed flag on Skip tour, on Close tour and on Escape', async () => {
    const page = await openPage();
    await signUpThroughForm(page, {}, { tour: 'keep' });
    await tour(page).getByRole('button', { name: 'Skip tour', exact: true }).click();
    await tour(page).waitFor({ state: 'hidden' });
    expect(await completedFlag(page)).toBe('true');

    await clearCompletedFlag(page);
    await restartButton(page).click();
    await tour(page).getByRole('button', { name: 'Close tour', exact: true }).click();
    await tour(page).waitFor({ state: 'hidden' });
    expect(await completedFlag(page)).toBe('true');

    await clearCompletedFlag(page);
    await restartButton(page).click();
    await tour(page).waitFor();
    await page.keyboard.press('Escape');
    await tour(page).waitFor({ state: 'hidden' });
    expect(await completedFlag(page)).toBe('true');

    await stopClock(page);
    await page.reload();
    await waitOutTheDelay(page);
  });

  it('does not start by itself for a visitor, who can still start it from the header', async () => {
    const page = await openPage({ stoppedClock: true });
    await page.goto('/');
    await waitOutTheDelay(page, false);

    await restartButton(page).click();
    await tour(page).waitFor();
    expect(await tour(page).getByRole('heading', { name: 'Welcome!' }).isVisible()).toBe(true);
  });
});
