// axe-core in the page under test: the accessibility rules it breaks (WCAG 2.x A and AA),
// each as 'rule: the elements'. The script is evaluated through the browser's debugging
// protocol, so the page's CSP (no inline script) does not stand in its way.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type TAxeImpact = 'minor' | 'moderate' | 'serious' | 'critical';

interface TAxeResult {
  violations: { id: string; impact: TAxeImpact | null; nodes: { target: unknown[] }[] }[];
}

export interface TAxeOptions {
  /** CSS selectors of the parts to check (default: the whole page). */
  include?: string[];
  /** CSS selectors of parts another spec answers for (the page's header, say). */
  exclude?: string[];
  /** Only violations of these impacts (default: every impact). */
  impacts?: TAxeImpact[];
}

export async function axeViolations(page: Page, { include = ['html'], exclude = [], impacts }: TAxeOptions = {}): Promise<string[]> {
  await animationsSettled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(
    ({ included, excluded }) => {
      const axe = (window as unknown as { axe: { run(context: object, options: object): Promise<TAxeResult> } }).axe;
      const context = { include: included.map((selector) => [selector]), exclude: excluded.map((selector) => [selector]) };
      return axe.run(context, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    },
    { included: include, excluded: exclude },
  );
  return result.violations
    .filter((violation) => !impacts || (violation.impact !== null && impacts.includes(violation.impact)))
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`);
}

/**
 * Waits (up to 3 s) for the page's finite animations to end: a toast or dialog fading in is
 * part-transparent, and axe would measure its text's contrast mid-fade. Endless ones (skeleton
 * pulses, spinners) are left alone.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    const settled = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    return Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 3_000))]);
  });
}
