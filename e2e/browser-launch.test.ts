// How the browser specs start Chromium (e2e/helpers.ts launchChromium): Playwright's own
// disabled features kept, and no renderer started for what a test never draws.
import { readdirSync, readFileSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { launchChromium, PLAYWRIGHT_DISABLED_FEATURES, UNUSED_RENDERER_FEATURES } from './helpers';

interface TProcess {
  pid: number;
  parent: number;
  args: string[];
}

function processes(): TProcess[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        // Chromium's child processes rewrite their command line as one string, spaces between.
        return [{ pid: Number(name), parent, args: readFileSync(`/proc/${name}/cmdline`, 'utf8').split(/[\0 ]/) }];
      } catch {
        return []; // gone meanwhile
      }
    });
}

/** The browser process this test process started last, and the processes under it. */
function browserTree(): { browser: TProcess; descendants: TProcess[] } {
  const all = processes();
  const browser = all
    // Playwright talks to the browser over a pipe; its children carry --type (renderer, gpu-process, …).
    .filter((p) => p.parent === process.pid && p.args.includes('--remote-debugging-pipe') && !p.args.some((arg) => arg.startsWith('--type=')))
    .sort((a, b) => a.pid - b.pid)
    .at(-1);
  if (!browser) throw new Error('no browser process under this test process');
  const tree = new Set([browser.pid]);
  // Parents before children is not promised: add until a pass adds none.
  for (let size = 0; size !== tree.size; ) {
    size = tree.size;
    for (const p of all) if (tree.has(p.parent)) tree.add(p.pid);
  }
  return { browser, descendants: all.filter((p) => p.pid !== browser.pid && tree.has(p.pid)) };
}

const disabledFeatures = (args: string[]) => args.filter((arg) => arg.startsWith('--disable-features=')).map((arg) => arg.slice('--disable-features='.length).split(','));
const renderers = () => browserTree().descendants.filter((p) => p.args.includes('--type=renderer')).map((p) => p.pid);

describe('Chromium for the browser specs', () => {
  let browser: Browser | undefined;
  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });

  it('turns off the same features as Playwright does by default (the list in helpers.ts is the installed Playwright’s)', async () => {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
    expect(disabledFeatures(browserTree().browser.args)).toEqual([PLAYWRIGHT_DISABLED_FEATURES]);
  });

  it('passes one --disable-features with Playwright’s and its own, and starts one renderer for a new context’s page', async () => {
    browser = await launchChromium();
    expect(disabledFeatures(browserTree().browser.args)).toEqual([[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_RENDERER_FEATURES]]);
    const before = new Set(renderers());
    const context = await browser.newContext();
    await context.newPage();
    // The omnibox popup's renderers start just after the page (three in all without the features off).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(renderers().filter((pid) => !before.has(pid))).toHaveLength(1);
    await context.close();
  });
});
